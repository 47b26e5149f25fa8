package formula

import "testing"

// BenchmarkEval measures one evaluation of a simple and of a complex formula on a reused VM.
func BenchmarkEval(b *testing.B) {
	cases := []struct{ name, src string }{
		{"simple", "121 - yrs"},
		{"c-diplo", cDiploFirst},
		{"il-diplo", ilDiploProv},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p, err := Compile(c.src, Score)
			if err != nil {
				b.Fatal(err)
			}
			env := Env{Scs: 9, Tie: 1, Ldr: 12, Yrs: 7, Num: 3}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Eval(&env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCompile measures compiling the complex formula, done once per scoring system.
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(ilDiploProv, Provisional); err != nil {
			b.Fatal(err)
		}
	}
}
