package main

import (
	"io/fs"
	"os"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// loadBook loads and validates the house rules: the ones built into the
// binary, with the files of dir (the -rules flag) layered over them when set,
// so that a house kept outside the binary needs only the files that differ.
func loadBook(dir string) (*rulebook.Book, error) {
	fsys, err := rulesFS(dir)
	if err != nil {
		return nil, err
	}
	return rulebook.Load(fsys)
}

// rulesFS is the content/rules tree the kiosk reads: the embedded one, with
// dir layered over it when set.
func rulesFS(dir string) (fs.FS, error) {
	if dir == "" {
		return rules.FS, nil
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	return rulebook.Overlay(os.DirFS(dir), rules.FS), nil
}
