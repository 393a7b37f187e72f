package drills_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
)

func TestLoadConfigShipped(t *testing.T) {
	c, err := drills.LoadConfig(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Levels) < 4 {
		t.Errorf("%d levels; want one box to the full table in at least 4", len(c.Levels))
	}
	for _, k := range drills.Kinds {
		if c.Targets[k] <= 0 {
			t.Errorf("no target time for %s", k)
		}
	}
	// Every feature the games know is trained at some level.
	used := map[string]bool{}
	for _, l := range c.Levels {
		for _, f := range l.Features {
			used[f] = true
		}
	}
	for _, f := range drills.Features() {
		if !used[f] {
			t.Errorf("feature %s is at no level of drills.toml", f)
		}
	}
}

// TestLoadConfigErrors breaks drills.toml one key at a time; the error names the key.
func TestLoadConfigErrors(t *testing.T) {
	orig, err := fs.ReadFile(rules.FS, drills.ConfigFile)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, old, new, key string
	}{
		{"unknown key", "[targets]", "[targets]\nspeed = 3", "targets.speed"},
		{"missing target", "payout    = 12\n", "", "targets.payout"},
		{"unknown kind", "[targets]", "[targets]\nbingo = 3", "targets.bingo"},
		{"level out of order", "level       = 2", "level       = 5", "levels[1].level"},
		{"bad stakes", `stakes      = "odd"`, `stakes      = "even"`, "levels[2].stakes"},
		{"bad share", "steer       = 0.4", "steer       = 1.4", "levels[0].steer"},
		{"unknown feature", `"uth.ante_win"`, `"uth.ante_lose"`, "levels[0].features[0]"},
		{"feature twice", `"uth.ante_win", "uth.blind_win"`, `"uth.ante_win", "uth.ante_win"`, "levels[0].features[1]"},
		{"bad boxes", "boxes       = [1, 1]", "boxes       = [2, 1]", "levels[0].boxes"},
		{"bad choices", "choices     = 3", "choices     = 9", "levels[0].choices"},
		{"bad stack", "stack       = [4, 10]", "stack       = [1, 10]", "levels[0].stack"},
		{"bad tries", "tries       = 60", "tries       = 0", "levels[0].tries"},
		{"bad type", "max_stake   = \"50\"", "max_stake   = \"fifty\"", "levels.max_stake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := string(orig)
			if !strings.Contains(text, tt.old) {
				t.Fatalf("drills.toml has no %q to break", tt.old)
			}
			text = strings.Replace(text, tt.old, tt.new, 1)
			_, err := drills.LoadConfig(fstest.MapFS{drills.ConfigFile: {Data: []byte(text)}})
			var ce *drills.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("LoadConfig = %v; want a *ConfigError", err)
			}
			if ce.Key != tt.key || !strings.HasPrefix(err.Error(), "drills.toml: "+tt.key+": ") {
				t.Errorf("LoadConfig error %q (key %q); want key %q named", err, ce.Key, tt.key)
			}
		})
	}
	if _, err := drills.LoadConfig(fstest.MapFS{}); err == nil {
		t.Error("LoadConfig of an empty FS: no error")
	}
}

func TestSpecErrors(t *testing.T) {
	_, g := generator(t)
	tests := []struct {
		house string
		spec  drills.Spec
		field string
	}{
		{"", drills.Spec{Game: "bingo", Kind: drills.KindPayout}, "game"},
		{"", drills.Spec{Game: "uth", Kind: "essay"}, "kind"},
		{"", drills.Spec{Game: "uth", Kind: drills.KindPayout, Level: 9}, "level"},
		{"", drills.Spec{Game: "uth", Kind: drills.KindPayout, Level: -1}, "level"},
		{"nowhere", drills.Spec{Game: "uth", Kind: drills.KindPayout}, "house"},
		{"", drills.Spec{Game: "uth", Kind: drills.KindPayout, ID: "uth.show_cards"}, "id"},
		{"", drills.Spec{Game: "uth", Kind: drills.KindRuling, ID: "oracle.R7"}, "id"},
	}
	for _, tt := range tests {
		_, err := g.Generate(tt.house, tt.spec)
		var se *drills.SpecError
		if !errors.As(err, &se) || se.Field != tt.field {
			t.Errorf("Generate(%q, %+v) = %v; want a SpecError on %s", tt.house, tt.spec, err, tt.field)
		}
	}
	if _, err := g.List("nowhere"); err == nil {
		t.Error("List(nowhere): no error")
	}
}
