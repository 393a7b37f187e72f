package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// runDrill is `trainer drill`: one drill as JSON, exactly as the kiosk would
// deal it, with its key and explanation — for instructors reviewing content
// and for tests checking keys. --list prints every game, kind, skill and
// situation id instead.
func runDrill(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer drill", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	var spec drills.Spec
	fs.StringVar(&spec.Game, "game", "", "the `game`: uth, oracle, thrill or lunar")
	fs.StringVar(&spec.Kind, "kind", "", "the `kind`: payout, outcome, hand, chips, procedure or ruling")
	fs.IntVar(&spec.Level, "level", 1, "the `level`, from 1 (one box, round stakes) up")
	seed := fs.Int64("seed", -1, "the `seed` that determines the drill")
	fs.StringVar(&spec.ID, "id", "", "for ruling and procedure drills: the situation or sequence `id` (e.g. oracle.R7)")
	house := fs.String("house", rulebook.DefaultHouse, "the `house` whose rules the drill uses")
	dir := fs.String("rules", "", "layer the house rules of `dir` over the built-in ones")
	list := fs.Bool("list", false, "list every game, kind, level, skill and situation id instead")
	fs.StringVar(&spec.Lang, "lang", "", "the `language` of the drill's words: "+offeredTags()+" (English when left out)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer drill --game G --kind K [--level L] --seed S [--id ID] [--house NAME] [--lang L]")
		fmt.Fprintln(e.Stderr, "       trainer drill --list [--house NAME]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("drill: unexpected argument %q", fs.Arg(0))
	}
	fsys, err := rulesFS(*dir)
	if err != nil {
		return err
	}
	book, err := rulebook.Load(fsys)
	if err != nil {
		return err
	}
	gen, err := drills.Load(book, fsys)
	if err != nil {
		return err
	}
	if *list {
		l, err := gen.List(*house)
		if err != nil {
			return fmt.Errorf("drill: %w", err)
		}
		return drills.WriteJSON(e.Stdout, l)
	}
	switch {
	case spec.Game == "":
		return fmt.Errorf("drill: --game is required (uth, oracle, thrill or lunar)")
	case spec.Kind == "":
		return fmt.Errorf("drill: --kind is required (%s)", joinKinds())
	case *seed < 0:
		return fmt.Errorf("drill: --seed is required and must be 0 or more")
	}
	spec.Seed = uint64(*seed)
	if spec.Lang == i18n.Source {
		spec.Lang = "" // the source: a drill in English says no language
	}
	d, err := gen.Generate(*house, spec)
	if err != nil {
		return fmt.Errorf("drill: %w", err)
	}
	return drills.WriteJSON(e.Stdout, d)
}

func joinKinds() string {
	s := ""
	for i, k := range drills.Kinds {
		if i > 0 {
			s += ", "
		}
		s += k
	}
	return s
}
