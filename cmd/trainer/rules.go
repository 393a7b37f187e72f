package main

import (
	"os"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// loadBook loads and validates the house rules: the ones built into the
// binary, with the files of dir (the -rules flag) layered over them when set,
// so that a house kept outside the binary needs only the files that differ.
func loadBook(dir string) (*rulebook.Book, error) {
	if dir == "" {
		return rulebook.Load(rules.FS)
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	return rulebook.Load(rulebook.Overlay(os.DirFS(dir), rules.FS))
}
