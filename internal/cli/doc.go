// Package cli is dtm's command line: it declares each command's flags,
// refuses the ones that do not combine, calls one director use case and
// renders its result.
package cli
