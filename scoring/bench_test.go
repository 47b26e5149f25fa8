package scoring

import "testing"

// BenchmarkScore scores one board, and 100,000 boards, under a simple system (DipCon XXXIV) and complex ones
// (C-Diplo, OMG with its tribute in prov, Maxonian with the history), reporting boards per second.
func BenchmarkScore(b *testing.B) {
	boards := []Game{boardSolo(), boardDraw(), boardElim()}
	for _, name := range []string{"DipCon XXXIV (2001)", "C-Diplo (the manual's)", "OMG", "Maxonian"} {
		d, _ := Lookup(name)
		s, err := Compile(d)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range []int{1, 100_000} {
			b.Run(name+"/"+map[int]string{1: "1 board", 100_000: "100000 boards"}[n], func(b *testing.B) {
				for b.Loop() {
					for i := range n {
						if _, err := s.Score(boards[i%len(boards)]); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "boards/s")
			})
		}
	}
}
