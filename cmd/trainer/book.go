package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// runBook is `trainer book`: one game's rule book at one house, printed as
// Markdown with the section numbers and ids in the headings, so that an
// instructor can read it, print it, or copy a section into the house's own
// file (docs/book.md).
func runBook(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer book", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	game := fs.String("game", "", "the `game`: "+strings.Join(rulebook.GameSlugs, ", "))
	house := fs.String("house", rulebook.DefaultHouse, "the `house` whose book to print")
	dir := fs.String("rules", "", "layer the house rules of `dir` over the built-in ones")
	lang := fs.String("lang", i18n.Source, "the `language` to print the book in: "+offeredTags()+" (sections not yet translated are in the house's language or English, with a note)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer book --game G [--house NAME] [--rules DIR] [--lang L]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("book: unexpected argument %q", fs.Arg(0))
	}
	if !slices.Contains(rulebook.GameSlugs, *game) {
		if *game == "" {
			return fmt.Errorf("book: --game is required (%s)", strings.Join(rulebook.GameSlugs, ", "))
		}
		return fmt.Errorf("book: --game %q: no such game (%s)", *game, strings.Join(rulebook.GameSlugs, ", "))
	}
	if !i18n.IsOffered(*lang) {
		return fmt.Errorf("book: --lang %q: not a language the kiosk offers (%s)", *lang, offeredTags())
	}
	b, err := loadBook(*dir)
	if err != nil {
		return err
	}
	h, err := b.House(*house)
	if err != nil {
		return fmt.Errorf("book: --house: %w", err)
	}
	_, err = io.WriteString(e.Stdout, h.BookIn(*game, *lang).Markdown())
	return err
}

// offeredTags lists the languages the kiosk offers: "en, it, ru".
func offeredTags() string {
	var tags []string
	for _, l := range i18n.Offered {
		tags = append(tags, l.Tag)
	}
	return strings.Join(tags, ", ")
}
