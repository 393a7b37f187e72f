package edge

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Command is `trainer math` (SETTLE.md): it parses args, computes one
// figure and writes it as one JSON object on stdout, with a progress line on
// stderr every second while it runs longer than a second. load reads the
// rules, with the files of the --rules directory layered over the built-in
// ones when it is not "" (cmd/trainer's loadBook). Errors are one line for
// people: a bad flag, an unknown game, wager, house or table (naming the
// known choices), --rounds below 1, a negative --seed, an --exact the
// program cannot answer.
func Command(ctx context.Context, args []string, stdout, stderr io.Writer, load func(rulesDir string) (*rulebook.Book, error)) error {
	fs := flag.NewFlagSet("trainer math", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "the `game`: "+strings.Join(rulebook.GameSlugs, ", "))
	wager := fs.String("wager", "", "the `wager`, or main for the base game per unit of Ante")
	house := fs.String("house", rulebook.DefaultHouse, "the `house` whose settings and tables apply")
	table := fs.String("table", "", "price this named pay `table` instead of the house's")
	rounds := fs.Int64("rounds", 0, "simulated `rounds` (default: 10,000,000 for uth and thrill, 1,000,000 for oracle and lunar)")
	seed := fs.Int64("seed", 1, "the simulation's `seed` (0 or more): the same seed gives the same figures")
	exact := fs.Bool("exact", false, "solve a decision game exactly where the program can (UTH's optimal strategy)")
	dir := fs.String("rules", "", "layer the house rules of `dir` over the built-in ones")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: trainer math --game G --wager W [--house NAME] [--table T] [--rounds N] [--seed S] [--exact] [--rules DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("math: unexpected argument %q", fs.Arg(0))
	case *game == "":
		return fmt.Errorf("math: --game is required (one of %s)", strings.Join(rulebook.GameSlugs, ", "))
	case set["rounds"] && *rounds < 1:
		return fmt.Errorf("math: --rounds %d: want at least 1", *rounds)
	case *rounds > MaxRounds:
		return fmt.Errorf("math: --rounds %d: want at most %s", *rounds, group(MaxRounds))
	case *seed < 0:
		return fmt.Errorf("math: --seed %d: want 0 or more", *seed)
	}
	if *wager == "" {
		var names []string
		for _, w := range Wagers(*game) {
			names = append(names, w.Name)
		}
		if len(names) == 0 {
			_, err := FindWager(*game, "")
			return fmt.Errorf("math: %w", err)
		}
		return fmt.Errorf("math: --wager is required (%s: %s)", *game, strings.Join(names, ", "))
	}
	w, err := FindWager(*game, *wager)
	if err != nil {
		return fmt.Errorf("math: %w", err)
	}
	book, err := load(*dir)
	if err != nil {
		return err
	}
	h, err := book.House(*house)
	if err != nil {
		return fmt.Errorf("math: --house: %w", err)
	}
	q := Query{Wager: w, House: h, Rounds: *rounds, Seed: uint64(*seed), Exact: *exact}
	if *table != "" {
		pt, err := FindTable(book, h, w, *table)
		if err != nil {
			return fmt.Errorf("math: --table: %w", err)
		}
		q.Table = &pt
	}
	if w.Method == Exact && (set["rounds"] || set["seed"]) {
		fmt.Fprintf(stderr, "math: %s %s is counted exactly; --rounds and --seed are not used\n", w.Game, w.Name)
	}
	p := newProgressLine(stderr)
	defer p.stop()
	res, err := NewCalculator().Compute(ctx, q, p.update)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.New("math: interrupted")
		}
		return fmt.Errorf("math: %w", err)
	}
	p.stop()
	out, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return fmt.Errorf("math: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// progressLine writes the latest progress to w once a second, starting one
// second after it is made, and says how long it took when stopped (if it
// wrote anything).
type progressLine struct {
	w       io.Writer
	start   time.Time
	mu      sync.Mutex
	last    Progress
	written bool
	quit    chan struct{}
	done    chan struct{}
	once    sync.Once
}

func newProgressLine(w io.Writer) *progressLine {
	p := &progressLine{w: w, start: time.Now(), quit: make(chan struct{}), done: make(chan struct{})}
	go p.run()
	return p
}

func (p *progressLine) update(pr Progress) {
	p.mu.Lock()
	p.last = pr
	p.mu.Unlock()
}

func (p *progressLine) run() {
	defer close(p.done)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-t.C:
			p.mu.Lock()
			pr := p.last
			p.mu.Unlock()
			if pr.Stage == "" {
				continue
			}
			line := "math: " + pr.Stage
			if pr.Total > 0 {
				line += fmt.Sprintf(": %d%% (%s of %s)", pr.Done*100/pr.Total, group(pr.Done), group(pr.Total))
			}
			fmt.Fprintf(p.w, "%s, %s\n", line, time.Since(p.start).Round(time.Second))
			p.written = true
		}
	}
}

func (p *progressLine) stop() {
	p.once.Do(func() {
		close(p.quit)
		<-p.done
		if p.written {
			fmt.Fprintf(p.w, "math: done in %s\n", time.Since(p.start).Round(100*time.Millisecond))
		}
	})
}
