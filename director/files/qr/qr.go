// Package qr makes QR codes (ISO/IEC 18004) offline, for the board codes
// and result-form links printed on score sheets: byte mode, error
// correction level M (about 15 % of the code may be damaged), versions 1 to
// 40 (up to 2331 bytes; dtm check keeps a score sheet's link to version 10),
// the mask chosen by the standard's penalty rules. It is also the reference
// the results-entry page's own encoder (director/files/entry.html) is tested
// against.
package qr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"math/bits"
)

// Code is a QR code: its size×size modules, true for dark.
type Code struct {
	Version int
	Mask    int
	Size    int
	modules [][]bool
	// function marks the modules of the fixed patterns (finders, timing,
	// alignment, format and version information), which masks skip.
	function [][]bool
}

// MaxBytes is the most data a code holds: version 40 at level M.
const MaxBytes = 2331

// ErrTooLong reports data longer than MaxBytes.
var ErrTooLong = errors.New("too long for a QR code of version 40 at level M")

// eccM and blocksM are, per version (index 1..40), the error-correction
// codewords of each block and the number of blocks at level M (ISO/IEC
// 18004 table 9). The blocks share the version's codewords as evenly as
// they can: the last ones hold one data codeword more.
var (
	eccM = [41]int{0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26,
		26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28}
	blocksM = [41]int{0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18,
		20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49}
)

// totalCodewords is how many codewords a version holds: its modules less
// the function patterns, over 8 (the remainder bits, 0 to 7, stay light).
func totalCodewords(v int) int {
	n := 17 + 4*v
	modules := n*n - 3*64 - 2*(n-16) - 31 // finders with separators, timing, format and the dark module
	if k := len(alignment(v)); k > 0 {
		modules -= 25*(k*k-3) - 2*5*(k-2) // alignment patterns, less their overlap with the timing
	}
	if v >= 7 {
		modules -= 36 // version information
	}
	return modules / 8
}

// alignment is the centres of a version's alignment patterns, each way:
// from 6 to size-7, evenly spaced by an even step (ISO/IEC 18004 annex E).
func alignment(v int) []int {
	if v == 1 {
		return nil
	}
	k := v/7 + 2
	step := (v*8 + k*3 + 5) / (k*4 - 4) * 2
	pos := make([]int, k)
	pos[0] = 6
	for i := k - 1; i >= 1; i-- {
		pos[i] = 17 + 4*v - 7 - (k-1-i)*step
	}
	return pos
}

// dataCodewords is the data capacity of a version at level M.
func dataCodewords(v int) int {
	return totalCodewords(v) - eccM[v]*blocksM[v]
}

// capacity is how many bytes a version holds in byte mode: its data bits
// less the mode (4 bits) and the count (8 bits, 16 from version 10).
func capacity(v int) int {
	return (dataCodewords(v)*8 - 4 - countBits(v)) / 8
}

func countBits(v int) int {
	if v < 10 {
		return 8
	}
	return 16
}

// Encode makes the smallest QR code (version 1 to 40, level M) holding
// data in byte mode, with the mask of least penalty.
func Encode(data []byte) (*Code, error) {
	for v := 1; v <= 40; v++ {
		if len(data) <= capacity(v) {
			return EncodeWith(data, v, -1)
		}
	}
	return nil, fmt.Errorf("%d bytes: %w", len(data), ErrTooLong)
}

// EncodeWith makes the QR code of data at a given version (1 to 10) and
// mask (0 to 7, or -1 for the one of least penalty).
func EncodeWith(data []byte, version, mask int) (*Code, error) {
	if version < 1 || version > 40 || mask < -1 || mask > 7 {
		return nil, fmt.Errorf("qr: version %d, mask %d: version must be 1 to 40 and mask -1 to 7", version, mask)
	}
	if len(data) > capacity(version) {
		return nil, fmt.Errorf("%d bytes at version %d: %w", len(data), version, ErrTooLong)
	}
	c := newCode(version)
	c.drawFunctions()
	c.drawCodewords(codewords(data, version))
	if mask < 0 {
		best := -1
		for m := range 8 {
			c.applyMask(m)
			c.drawFormat(m)
			if p := c.penalty(); best < 0 || p < best {
				best, mask = p, m
			}
			c.applyMask(m) // a mask undoes itself
		}
	}
	c.applyMask(mask)
	c.drawFormat(mask)
	c.Mask = mask
	return c, nil
}

func newCode(version int) *Code {
	size := 17 + 4*version
	c := &Code{Version: version, Size: size, modules: make([][]bool, size), function: make([][]bool, size)}
	for y := range size {
		c.modules[y], c.function[y] = make([]bool, size), make([]bool, size)
	}
	return c
}

// set draws a function module.
func (c *Code) set(x, y int, dark bool) {
	c.modules[y][x], c.function[y][x] = dark, true
}

// drawFunctions draws the finder, separator, timing and alignment
// patterns, the dark module, reserves the format information and draws the
// version information.
func (c *Code) drawFunctions() {
	n := c.Size
	for i := range n {
		c.set(6, i, i%2 == 0)
		c.set(i, 6, i%2 == 0)
	}
	for _, at := range [][2]int{{3, 3}, {n - 4, 3}, {3, n - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := at[0]+dx, at[1]+dy
				if x < 0 || y < 0 || x >= n || y >= n {
					continue
				}
				d := max(abs(dx), abs(dy))
				c.set(x, y, d != 2 && d != 4)
			}
		}
	}
	pos := alignment(c.Version)
	for i, ay := range pos {
		for j, ax := range pos {
			if (i == 0 && j == 0) || (i == 0 && j == len(pos)-1) || (i == len(pos)-1 && j == 0) {
				continue // the finders' corners
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					c.set(ax+dx, ay+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	c.drawFormat(0) // reserves the modules; redrawn with the mask chosen
	if c.Version >= 7 {
		rem := c.Version
		for range 12 {
			rem = rem<<1 ^ (rem>>11)*0x1F25
		}
		bits := c.Version<<12 | rem
		for i := range 18 {
			dark := bits>>i&1 == 1
			a, b := n-11+i%3, i/3
			c.set(a, b, dark)
			c.set(b, a, dark)
		}
	}
}

// drawFormat draws both copies of the format information (level M and the
// mask) and the dark module.
func (c *Code) drawFormat(mask int) {
	data := 0<<3 | mask // level M's bits are 00
	rem := data
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	bits := (data<<10 | rem) ^ 0x5412
	bit := func(i int) bool { return bits>>i&1 == 1 }
	n := c.Size
	for i := 0; i <= 5; i++ {
		c.set(8, i, bit(i))
	}
	c.set(8, 7, bit(6))
	c.set(8, 8, bit(7))
	c.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		c.set(14-i, 8, bit(i))
	}
	for i := range 8 {
		c.set(n-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		c.set(8, n-15+i, bit(i))
	}
	c.set(8, n-8, true)
}

// codewords encodes data in byte mode, pads it to the version's capacity,
// splits it into blocks, adds each block's error correction and
// interleaves them.
func codewords(data []byte, version int) []byte {
	capBits := dataCodewords(version) * 8
	var bits bitBuffer
	bits.put(0b0100, 4)
	bits.put(len(data), countBits(version))
	for _, b := range data {
		bits.put(int(b), 8)
	}
	bits.put(0, min(4, capBits-bits.n))
	bits.put(0, (8-bits.n%8)%8)
	for pad := 0xEC; bits.n < capBits; pad ^= 0xEC ^ 0x11 {
		bits.put(pad, 8)
	}
	all := bits.bytes
	total, ecc, nb := totalCodewords(version), eccM[version], blocksM[version]
	short := total/nb - ecc // data codewords of a short block
	nShort := nb - total%nb
	var blocks, eccs [][]byte
	gen := generator(ecc)
	k := 0
	for i := range nb {
		size := short
		if i >= nShort {
			size++
		}
		block := all[k : k+size]
		k += size
		blocks = append(blocks, block)
		eccs = append(eccs, remainder(block, gen))
	}
	out := make([]byte, 0, total)
	for i := range short + 1 {
		for _, b := range blocks {
			if i < len(b) {
				out = append(out, b[i])
			}
		}
	}
	for i := range ecc {
		for _, e := range eccs {
			out = append(out, e[i])
		}
	}
	return out
}

// bitBuffer collects bits, most significant first.
type bitBuffer struct {
	bytes []byte
	n     int
}

func (b *bitBuffer) put(v, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if b.n%8 == 0 {
			b.bytes = append(b.bytes, 0)
		}
		if v>>i&1 == 1 {
			b.bytes[b.n/8] |= 0x80 >> (b.n % 8)
		}
		b.n++
	}
}

// drawCodewords places the codewords' bits in the modules that are not
// function modules: two columns at a time from the bottom right, up then
// down, skipping the vertical timing pattern. The remainder bits stay
// light.
func (c *Code) drawCodewords(data []byte) {
	i, n := 0, c.Size
	for right := n - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		upward := (right+1)&2 == 0
		for vert := range n {
			y := vert
			if upward {
				y = n - 1 - vert
			}
			for j := range 2 {
				x := right - j
				if c.function[y][x] || i >= len(data)*8 {
					continue
				}
				c.modules[y][x] = data[i/8]>>(7-i%8)&1 == 1
				i++
			}
		}
	}
}

// applyMask inverts the data modules the mask pattern selects.
func (c *Code) applyMask(mask int) {
	for y := range c.Size {
		for x := range c.Size {
			if c.function[y][x] {
				continue
			}
			var flip bool
			switch mask {
			case 0:
				flip = (x+y)%2 == 0
			case 1:
				flip = y%2 == 0
			case 2:
				flip = x%3 == 0
			case 3:
				flip = (x+y)%3 == 0
			case 4:
				flip = (x/3+y/2)%2 == 0
			case 5:
				flip = x*y%2+x*y%3 == 0
			case 6:
				flip = (x*y%2+x*y%3)%2 == 0
			case 7:
				flip = ((x+y)%2+x*y%3)%2 == 0
			}
			c.modules[y][x] = c.modules[y][x] != flip
		}
	}
}

// penalty scores the code by the standard's four rules: runs of five or
// more modules of one colour, 2×2 blocks of one colour, finder-like
// patterns, and the balance of dark and light.
func (c *Code) penalty() int {
	if c.Size <= 64 {
		return c.penaltyBits()
	}
	return c.penaltyLines()
}

// penaltyLines is penalty for a code of any size, a line at a time.
func (c *Code) penaltyLines() int {
	n := c.Size
	p := 0
	column := make([]bool, n)
	for i := range n {
		p += linePenalty(c.modules[i])
		for j := range n {
			column[j] = c.modules[j][i]
		}
		p += linePenalty(column)
	}
	dark := 0
	for y := range n {
		for x := range n {
			if c.modules[y][x] {
				dark++
			}
			if x+1 < n && y+1 < n {
				v := c.modules[y][x]
				if c.modules[y][x+1] == v && c.modules[y+1][x] == v && c.modules[y+1][x+1] == v {
					p += 3
				}
			}
		}
	}
	total := n * n
	k := (abs(dark*20-total*10)+total-1)/total - 1
	return p + max(k, 0)*10
}

// penaltyBits is penalty for a code of at most 64 modules a side, with a
// row or column held as the bits of a word (bit i for module i): the mask
// of least penalty is chosen among eight, and this is most of a code's
// making.
func (c *Code) penaltyBits() int {
	n := c.Size
	rows, cols := make([]uint64, n), make([]uint64, n)
	dark := 0
	for y := range n {
		for x, d := range c.modules[y] {
			if d {
				rows[y] |= 1 << x
				cols[x] |= 1 << y
				dark++
			}
		}
	}
	full := uint64(1)<<n - 1
	p := 0
	for i := range n {
		p += linePenaltyBits(rows[i], n) + linePenaltyBits(cols[i], n)
	}
	// Rule 2: 2×2 blocks of one colour.
	inner := full >> 1 // a block's left module: not the last column
	for y := 0; y+1 < n; y++ {
		a, b := rows[y], rows[y+1]
		same := ^(a ^ b) & ^(a ^ a>>1) & ^(b ^ b>>1) & inner
		p += 3 * bits.OnesCount64(same)
	}
	total := n * n
	k := (abs(dark*20-total*10)+total-1)/total - 1
	return p + max(k, 0)*10
}

// linePenaltyBits is linePenalty for a line of n ≤ 64 modules held as the
// bits of a word.
func linePenaltyBits(line uint64, n int) int {
	full := uint64(1)<<n - 1
	p := 0
	// Rule 1: runs of five or more; a run ends where a module differs
	// from the next one, and at the line's end.
	ends := (line^line>>1)&(full>>1) | 1<<(n-1)
	start := 0
	for ends != 0 {
		end := bits.TrailingZeros64(ends)
		if run := end - start + 1; run >= 5 {
			p += 3 + run - 5
		}
		start = end + 1
		ends &= ends - 1
	}
	// Rule 3: dark-light-dark×3-light-dark with four light modules on
	// either side (beyond the line, light).
	if n < finderLike {
		return p
	}
	light := ^line & full
	match := full >> (finderLike - 1) // the pattern's first module: it fits
	for k, d := range [finderLike]bool{true, false, true, true, true, false, true} {
		if d {
			match &= line >> k
		} else {
			match &= light >> k
		}
	}
	for match != 0 {
		i := bits.TrailingZeros64(match)
		match &= match - 1
		before := line & (uint64(1)<<i - 1) &^ (uint64(1)<<max(i-4, 0) - 1)
		after := line >> (i + finderLike) & 0xf
		if before == 0 || after == 0 {
			p += 40
		}
	}
	return p
}

// finderLike is the length of rule 3's pattern, dark-light-dark×3-light-dark.
const finderLike = 7

// linePenalty scores one row or column under rules 1 and 3. Beyond the
// symbol the modules count as light (the quiet zone).
func linePenalty(line []bool) int {
	p, run := 0, 1
	for i := 1; i <= len(line); i++ {
		if i < len(line) && line[i] == line[i-1] {
			run++
			continue
		}
		if run >= 5 {
			p += 3 + run - 5
		}
		run = 1
	}
	at := func(i int) bool { return i >= 0 && i < len(line) && line[i] }
	// The pattern begins and ends dark: it lies within the line.
	for i := 0; i+finderLike <= len(line); i++ {
		if !line[i] || line[i+1] || !line[i+2] || !line[i+3] || !line[i+4] || line[i+5] || !line[i+6] {
			continue
		}
		lightBefore, lightAfter := true, true
		for k := 1; k <= 4; k++ {
			lightBefore = lightBefore && !at(i-k)
			lightAfter = lightAfter && !at(i+finderLike-1+k)
		}
		if lightBefore || lightAfter {
			p += 40
		}
	}
	return p
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// PNG renders the code with a quiet zone of four modules, each module
// scale×scale pixels, black on white: a two-colour palette image of one bit
// a pixel. It is written here rather than by image/png, which reads the
// image a pixel at a time and makes a new compressor for every image: a
// tournament's codes took most of a seeding's time there. The pixels are
// compressed by rowsDeflate, which needs no compressor at all.
func (c *Code) PNG(scale int) ([]byte, error) {
	const quiet = 4
	if scale < 1 {
		return nil, fmt.Errorf("qr: scale %d", scale)
	}
	side := (c.Size + 2*quiet) * scale
	stride := 1 + (side+7)/8 // the filter byte (none), then the pixels
	if stride > maxDistance {
		return nil, fmt.Errorf("qr: scale %d: the image would be %d pixels wide", scale, side)
	}
	blank := make([]byte, stride)
	lines := []rowRun{{blank, quiet * scale}}
	for y := range c.Size {
		row := make([]byte, stride)
		for x := range c.Size {
			if !c.modules[y][x] {
				continue
			}
			for px := (x + quiet) * scale; px < (x+quiet+1)*scale; px++ {
				row[1+px/8] |= 0x80 >> (px % 8)
			}
		}
		lines = append(lines, rowRun{row, scale})
	}
	lines = append(lines, rowRun{blank, quiet * scale})
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(side))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(side))
	ihdr = append(ihdr, 1, 3, 0, 0, 0) // 1 bit, palette; deflate, adaptive filters, no interlace
	pngChunk(&out, "IHDR", ihdr)
	pngChunk(&out, "PLTE", []byte{0xff, 0xff, 0xff, 0, 0, 0}) // white, black
	pngChunk(&out, "IDAT", rowsDeflate(lines))
	pngChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

// rowRun is an image row (filter byte and pixels) and how many times it
// comes in a row.
type rowRun struct {
	row []byte
	n   int
}

// rowsDeflate returns the zlib stream of the rows: one deflate block with
// the fixed codes, each run's row as literals and its repeats as one copy
// of the row before (deflate copies may overlap what they write), cut in
// copies of at most 258 bytes. Rows are at most maxDistance bytes long.
func rowsDeflate(runs []rowRun) []byte {
	bw := bitWriter{out: []byte{0x78, 0x01}} // deflate, 32 KiB window, fastest
	bw.bits(1, 1)                            // the last block
	bw.bits(1, 2)                            // fixed codes
	sum := adler32.New()
	for _, r := range runs {
		for range r.n {
			sum.Write(r.row)
		}
		for _, b := range r.row {
			bw.literal(int(b))
		}
		for rest := len(r.row) * (r.n - 1); rest > 0; {
			n := min(rest, maxMatch)
			if left := rest - n; left > 0 && left < minMatch {
				n = rest - minMatch
			}
			bw.match(n, len(r.row))
			rest -= n
		}
	}
	bw.literal(endOfBlock)
	bw.flush()
	return binary.BigEndian.AppendUint32(bw.out, sum.Sum32())
}

// Deflate's bounds on a copy and its symbol that ends a block.
const (
	minMatch    = 3
	maxMatch    = 258
	maxDistance = 32768
	endOfBlock  = 256
)

// Deflate's length and distance codes: the least value of each and its
// extra bits (RFC 1951, 3.2.5).
var (
	lengthBase  = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [...]uint{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// bitWriter writes a deflate stream: bits from the least significant,
// Huffman codes from their most significant bit.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// bits writes the n low bits of v.
func (b *bitWriter) bits(v uint64, n uint) {
	b.acc |= v << b.n
	b.n += n
	for b.n >= 8 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.n -= 8
	}
}

// code writes an n-bit Huffman code.
func (b *bitWriter) code(c uint64, n uint) {
	b.bits(uint64(bits.Reverse64(c)>>(64-n)), n)
}

// literal writes a literal/length symbol with the fixed codes.
func (b *bitWriter) literal(v int) {
	switch {
	case v < 144:
		b.code(uint64(0x30+v), 8)
	case v < 256:
		b.code(uint64(0x190+v-144), 9)
	case v < 280:
		b.code(uint64(v-256), 7)
	default:
		b.code(uint64(0xc0+v-280), 8)
	}
}

// match writes a copy of length bytes from distance bytes back.
func (b *bitWriter) match(length, distance int) {
	i := len(lengthBase) - 1
	for lengthBase[i] > length {
		i--
	}
	b.literal(257 + i)
	b.bits(uint64(length-lengthBase[i]), lengthExtra[i])
	j := len(distBase) - 1
	for distBase[j] > distance {
		j--
	}
	b.code(uint64(j), 5)
	b.bits(uint64(distance-distBase[j]), distExtra[j])
}

// flush writes the last bits, padded to a byte.
func (b *bitWriter) flush() {
	if b.n > 0 {
		b.out = append(b.out, byte(b.acc))
		b.acc, b.n = 0, 0
	}
}

// pngChunk writes a PNG chunk: length, type, data and CRC.
func pngChunk(out *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	out.WriteString(kind)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// String draws the code as text, "#" for dark and "." for light, a row a
// line (for tests and debugging).
func (c *Code) String() string {
	var b bytes.Buffer
	for y := range c.Size {
		for x := range c.Size {
			if c.modules[y][x] {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
