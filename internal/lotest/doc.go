// Package lotest runs the lo-* tools of ../shared/tools, which put a workbook
// through a real LibreOffice, from Go tests.
//
// A test that needs LibreOffice is skipped when it is not installed, unless
// shared.Required: then it fails, so CI can never pass without having run
// it.
package lotest
