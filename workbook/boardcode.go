package workbook

import (
	"fmt"
	"strconv"
	"strings"
)

// codeAlphabet is the board code's check characters: 23 capital letters,
// without I, L and O (which read as 1 and 0).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ"

// maxCodeBoard is the largest board number a code may name.
const maxCodeBoard = 9999

// BoardCode is the short code printed on a board's score sheet and taken by
// dtm import: "H2-B5-" and a check letter. The letter is a weighted sum of
// the code's characters modulo 23 (a prime larger than every character's
// value), so that a code with one character mistyped, or two neighbours
// swapped, is refused rather than taken for another board's.
func BoardCode(heat, board int) string {
	return fmt.Sprintf("H%d-B%d-%c", heat, board, codeCheck(heat, board))
}

// codeCheck is the check letter of heat and board.
func codeCheck(heat, board int) byte {
	s := "H" + strconv.Itoa(heat) + "B" + strconv.Itoa(board)
	sum := 0
	for i := range len(s) {
		v := int(s[i] - '0') // digits 0..9
		switch s[i] {
		case 'H':
			v = 17
		case 'B':
			v = 11
		}
		sum += (i + 1) * v
	}
	return codeAlphabet[sum%len(codeAlphabet)]
}

// ParseBoardCode reads a board code as BoardCode writes it (numbers without
// leading zeros), in capitals or not, with or without its dashes and spaces
// ("h2b5r"), and with or without the check letter (a code typed by hand may
// leave it out). A wrong check letter is refused: the code was mistyped.
func ParseBoardCode(code string) (heat, board int, err error) {
	s := strings.ToUpper(strings.NewReplacer("-", "", " ", "", "_", "").Replace(code))
	bad := fmt.Errorf("board code %q is not one dtm prints: a code reads like H2-B5-%c (heat 2, board 5, a check letter)", code, codeCheck(2, 5))
	if !strings.HasPrefix(s, "H") {
		return 0, 0, bad
	}
	hs, rest, ok := strings.Cut(s[1:], "B")
	if !ok {
		return 0, 0, bad
	}
	bs, check := rest, ""
	if n := len(rest); n > 0 && (rest[n-1] < '0' || rest[n-1] > '9') {
		bs, check = rest[:n-1], rest[n-1:]
	}
	heat, err1 := strconv.Atoi(hs)
	board, err2 := strconv.Atoi(bs)
	if err1 != nil || err2 != nil || heat < 1 || heat > MaxHeats || board < 1 || board > maxCodeBoard || strings.ContainsAny(hs[:1]+bs[:1], "+0") {
		return 0, 0, bad
	}
	if want := string(codeCheck(heat, board)); check != "" && check != want {
		return 0, 0, fmt.Errorf("board code %q has the check letter %s, but H%d-B%d's is %s: the code was mistyped; copy it again from the score sheet", code, check, heat, board, want)
	}
	return heat, board, nil
}
