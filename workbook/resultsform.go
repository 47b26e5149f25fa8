package workbook

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// maxLink is the longest link a board's QR code holds (version 10 at
// level M holds 213 bytes).
const maxLink = 213

// ResultsLink is the address a board's QR code opens: the results form's
// address with {code}, {heat} and {board} replaced by the board's, or,
// without {code}, with code=H2-B5-F added to its query.
func ResultsLink(form string, heat, board int) (string, error) {
	form = strings.TrimSpace(form)
	u, err := url.Parse(strings.NewReplacer("{code}", "c", "{heat}", "1", "{board}", "1").Replace(form))
	switch {
	case err != nil:
		return "", fmt.Errorf("%q is not a web address", form)
	case u.Scheme != "https" && u.Scheme != "http" || u.Host == "":
		return "", fmt.Errorf("%q is not a web address: it should start with https://", form)
	case strings.ContainsAny(form, " \t"):
		return "", errors.New("a web address has no spaces")
	}
	code := BoardCode(heat, board)
	link := form
	if strings.Contains(form, "{code}") {
		link = strings.NewReplacer("{code}", code, "{heat}", strconv.Itoa(heat), "{board}", strconv.Itoa(board)).Replace(form)
	} else {
		sep := "?"
		if strings.Contains(form, "?") {
			sep = "&"
		}
		link = form + sep + "code=" + code
	}
	if len(link) > maxLink {
		return "", fmt.Errorf("the address with a board code is %d characters; a QR code on a score sheet holds %d (shorten it, e.g. with a link shortener)", len(link), maxLink)
	}
	return link, nil
}
