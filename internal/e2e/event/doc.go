// Package event holds the end-to-end tests of a whole event typed through
// LibreOffice, the bundled samples and the README's set-up, the import,
// export, formula and game commands, and damaged workbooks.
package event
