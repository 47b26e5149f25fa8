package qr

// Reed–Solomon error correction over GF(256) with the QR code's field
// polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator element α = 2.

// gfExp and gfLog are α's powers and logarithms; gfExp is doubled so that
// a product needs no reduction of the exponent.
var gfExp, gfLog = func() ([512]byte, [256]byte) {
	var exp [512]byte
	var log [256]byte
	x := 1
	for i := range 255 {
		exp[i] = byte(x)
		log[x] = byte(i)
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	for i := 255; i < 512; i++ {
		exp[i] = exp[i-255]
	}
	return exp, log
}()

// gfMul multiplies two field elements.
func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// generator is the generator polynomial of degree n, (x − α⁰)(x − α¹)…
// (x − αⁿ⁻¹), its coefficients from the highest power down, the leading 1
// left out.
func generator(n int) []byte {
	g := []byte{1}
	for i := range n {
		next := make([]byte, len(g)+1)
		for j, c := range g {
			next[j] ^= c
			next[j+1] ^= gfMul(c, gfExp[i])
		}
		g = next
	}
	return g[1:]
}

// remainder is the error-correction codewords of a block: the remainder
// of the block (times xⁿ) divided by the generator.
func remainder(data, gen []byte) []byte {
	rem := make([]byte, len(gen))
	for _, d := range data {
		factor := d ^ rem[0]
		copy(rem, rem[1:])
		rem[len(rem)-1] = 0
		for i, g := range gen {
			rem[i] ^= gfMul(g, factor)
		}
	}
	return rem
}
