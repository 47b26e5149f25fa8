package instance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/armada-dtm/dtm/seeding"
)


// tableCase is an instance of the benchmark table: a file of the shared
// benchmark, one of this package's testdata/bench (see ownInstances), or a
// generated event of thousands of players.
type tableCase struct {
	name string
	file string
	spec seeding.Spec
}

// benchDir is the shared seeding benchmark (DTM_BENCH_DIR overrides it).
func benchDir() string {
	if d := os.Getenv("DTM_BENCH_DIR"); d != "" {
		return d
	}
	return "../../../shared/bench/seeding"
}

func tableCases() []tableCase {
	var cs []tableCase
	for _, n := range []string{"a_49x8", "b_21x4", "c_70x4_fam_teams", "e_700x3"} {
		cs = append(cs, tableCase{name: n, file: filepath.Join(benchDir(), "instances", n+".json")})
	}
	for _, o := range ownInstances {
		cs = append(cs, tableCase{name: o.name, file: filepath.Join("testdata", "bench", o.name+".json")})
	}
	for _, n := range []int{140, 700, 1400, 3500, 7000} {
		cs = append(cs, tableCase{name: fmt.Sprintf("g_%dx3", n), spec: seeding.Spec{Players: n, Rounds: 3, Powers: true, Seed: 1}})
	}
	return cs
}

func (c tableCase) instance(t *testing.T) *seeding.Instance {
	t.Helper()
	if c.file != "" {
		fh, err := os.Open(c.file)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		in, err := Decode(fh)
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	in, err := seeding.Generate(c.spec)
	if err != nil {
		t.Fatal(err)
	}
	in.Name = c.name
	return in
}

// TestTableChild runs one case in its own process for TestTable.
func TestTableChild(t *testing.T) {
	name, out := os.Getenv("DTM_TABLE_CASE"), os.Getenv("DTM_TABLE_OUT")
	if name == "" {
		t.Skip("child of TestTable")
	}
	var seed int64 = 1
	fmt.Sscan(os.Getenv("DTM_TABLE_SEED"), &seed)
	for _, c := range tableCases() {
		if c.name != name {
			continue
		}
		in := c.instance(t)
		var ib bytes.Buffer
		if err := Encode(&ib, in); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(out+".in.json", ib.Bytes(), 0o644)
		rounds, err := seeding.Simulate(context.Background(), in, seeding.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var ob bytes.Buffer
		if err := EncodeOutput(&ob, in, "dtm", 1, rounds); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(out, ob.Bytes(), 0o644)
		var bounds []int
		for _, r := range rounds {
			bounds = append(bounds, r.Bound)
		}
		b, _ := json.Marshal(bounds)
		os.WriteFile(out+".bounds", b, 0o644)
	}
}

// TestTable measures each case in a child process: bound, total (score.py),
// wall and CPU seconds per heat, peak resident memory.
func TestTable(t *testing.T) {
	if os.Getenv("DTM_BENCH_TABLE") != "1" {
		t.Skip("set DTM_BENCH_TABLE=1")
	}
	only := os.Getenv("DTM_BENCH_ONLY")
	score := filepath.Join(benchDir(), "score.py")
	dir := t.TempDir()
	rows := []string{"| instance | bound | total | wall s/heat (max) | CPU s/heat | peak MiB |", "|---|---|---|---|---|---|"}
	for _, c := range tableCases() {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		out := filepath.Join(dir, c.name+".json")
		cmd := exec.Command(os.Args[0], "-test.run=^TestTableChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "DTM_TABLE_CASE="+c.name, "DTM_TABLE_OUT="+out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if b, err := cmd.Output(); err != nil {
			t.Fatalf("%s: %v\n%s%s", c.name, err, b, stderr.String())
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu := float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
		res, err := exec.Command("python3", score, out+".in.json", out, "--json").Output()
		if err != nil {
			t.Fatalf("%s: score.py: %v", c.name, err)
		}
		var m struct {
			Total int `json:"total_conflict"`
		}
		json.Unmarshal(res, &m)
		var o struct {
			Rounds []struct{ Seconds float64 }
		}
		ob, _ := os.ReadFile(out)
		json.Unmarshal(ob, &o)
		worst, sum := 0.0, 0.0
		for _, r := range o.Rounds {
			worst = max(worst, r.Seconds)
			sum += r.Seconds
		}
		var bounds []int
		bb, _ := os.ReadFile(out + ".bounds")
		json.Unmarshal(bb, &bounds)
		lb := 0
		for _, b := range bounds {
			lb += b
		}
		row := fmt.Sprintf("| %s | %d | %d | %.2f (%.2f) | %.2f | %d |", c.name, lb, m.Total, sum/float64(len(o.Rounds)), worst,
			cpu/float64(len(o.Rounds)), ru.Maxrss/1024)
		t.Log(row)
		rows = append(rows, row)
	}
	t.Log("\n" + strings.Join(rows, "\n"))
}
