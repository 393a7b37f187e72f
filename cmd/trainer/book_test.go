package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookCommand checks that `trainer book` prints each game's book with
// numbered headings, that a house's own section shows in its book, that it
// is listed by `trainer help`, and that a bad flag is a one-line error
// naming the flag.
func TestBookCommand(t *testing.T) {
	t.Parallel()
	book := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), append([]string{"book"}, args...), noEnv, nil, &out, io.Discard)
		return out.String(), err
	}
	for _, g := range []string{"uth", "oracle", "thrill", "lunar"} {
		md, err := book("--game", g)
		if err != nil {
			t.Fatalf("book --game %s: %v", g, err)
		}
		if !strings.Contains(md, "the rule book of Demo casino") || !strings.Contains(md, "\n# 1 ") || !strings.Contains(md, "{#"+g+".") {
			t.Errorf("book --game %s:\n%s", g, md)
		}
	}
	dir := t.TempDir()
	for name, data := range map[string]string{
		"houses/casino/house.toml":   "name = \"casino\"\ntitle = \"Casino Lugano\"\n",
		"houses/casino/books/uth.md": "## Late bets {#uth.late after=\"uth.blind\"}\n\nNo late bets at {{.House.Name}}.\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	md, err := book("--game", "uth", "--house", "casino", "--rules", dir)
	if err != nil || !strings.Contains(md, "{#uth.late}\n\nNo late bets at Casino Lugano.\n") {
		t.Errorf("house section: %v\n%s", err, md)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "--game is required"},
		{[]string{"--game", "poker"}, `--game "poker": no such game`},
		{[]string{"--game", "uth", "--house", "nowhere"}, `--house: no house "nowhere"`},
		{[]string{"--game", "uth", "extra"}, `unexpected argument "extra"`},
		{[]string{"--game", "uth", "--lang", "fr"}, `--lang "fr": not a language the kiosk offers (en, it, ru)`},
	} {
		_, err := book(tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("book %q = %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
	var help bytes.Buffer
	if err := run(t.Context(), []string{"help"}, noEnv, nil, &help, io.Discard); err != nil || !strings.Contains(help.String(), "  book ") {
		t.Errorf("help does not list book:\n%s", help.String())
	}
}
