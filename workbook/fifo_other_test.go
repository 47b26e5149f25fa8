//go:build !unix

package workbook

import "errors"

func mkfifo(string) error { return errors.New("no named pipes here") }
