package drills

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/dealerkiosk/trainer/internal/games"
)

// ConfigFile is the file Load reads, relative to the content/rules FS.
const ConfigFile = "drills.toml"

// The stake modes of a level.
const (
	StakesRound = "round" // whole multiples of round_stake
	StakesOdd   = "odd"   // any multiple of the house's smallest chip
)

// Config is content/rules/drills.toml: the target time of each kind and the levels.
type Config struct {
	// Targets is each kind's target time in seconds.
	Targets map[string]int `toml:"targets"`
	Levels  []Level        `toml:"levels"`
}

// Level is one level of difficulty. drills.toml documents each field.
type Level struct {
	Level      int         `toml:"level"`
	Title      string      `toml:"title"`
	Boxes      [2]int      `toml:"boxes"`
	Stakes     string      `toml:"stakes"`
	RoundStake games.Money `toml:"round_stake"`
	MaxStake   games.Money `toml:"max_stake"`
	CommonOnly bool        `toml:"common_only"`
	Choices    int         `toml:"choices"`
	Pushes     float64     `toml:"pushes"`
	Totals     float64     `toml:"totals"`
	Steer      float64     `toml:"steer"`
	Features   []string    `toml:"features"`
	Stack      [2]int      `toml:"stack"`
	Tries      int         `toml:"tries"`
}

// ConfigError is a problem in drills.toml at one key.
type ConfigError struct {
	Key string // "levels[2].features"
	Msg string
}

func (e *ConfigError) Error() string {
	if e.Key == "" {
		return ConfigFile + ": " + e.Msg
	}
	return ConfigFile + ": " + e.Key + ": " + e.Msg
}

func cfgErr(key, format string, args ...any) error {
	return &ConfigError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// LoadConfig reads and checks drills.toml from fsys (rules.FS, or the same
// overlay the rulebook was loaded from). Unknown keys, a missing target, levels
// out of order, a share outside 0…1 or a feature no game has are errors of
// type *ConfigError naming the key.
func LoadConfig(fsys fs.FS) (*Config, error) {
	data, err := fs.ReadFile(fsys, ConfigFile)
	if err != nil {
		return nil, cfgErr("", "cannot read: %v", err)
	}
	var c Config
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		var sm *toml.StrictMissingError
		if errors.As(err, &sm) && len(sm.Errors) > 0 {
			return nil, cfgErr(strings.Join(sm.Errors[0].Key(), "."), "unknown key")
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ := de.Position()
			return nil, cfgErr(strings.Join(de.Key(), "."), "%s (line %d)", strings.TrimPrefix(de.Error(), "toml: "), line)
		}
		return nil, cfgErr("", "%s", strings.TrimPrefix(err.Error(), "toml: "))
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return &c, nil
}

func (c *Config) check() error {
	for _, k := range Kinds {
		if c.Targets[k] <= 0 {
			return cfgErr("targets."+k, "missing: every kind needs a target time of at least 1 second")
		}
	}
	for k := range c.Targets {
		if !slices.Contains(Kinds, k) {
			return cfgErr("targets."+k, "unknown kind (kinds: %s)", strings.Join(Kinds, ", "))
		}
	}
	if len(c.Levels) == 0 {
		return cfgErr("levels", "at least one level is needed")
	}
	known := Features()
	for i, l := range c.Levels {
		key := fmt.Sprintf("levels[%d]", i)
		share := func(name string, v float64) error {
			if v < 0 || v > 1 {
				return cfgErr(key+"."+name, "%v is not a share between 0 and 1", v)
			}
			return nil
		}
		switch {
		case l.Level != i+1:
			return cfgErr(key+".level", "is %d; levels are numbered 1, 2, 3 … in order", l.Level)
		case l.Title == "":
			return cfgErr(key+".title", "is empty")
		case l.Boxes[0] < 1 || l.Boxes[1] < l.Boxes[0] || l.Boxes[1] > 7:
			return cfgErr(key+".boxes", "want [least, most] with 1 ≤ least ≤ most ≤ 7")
		case l.Stakes != StakesRound && l.Stakes != StakesOdd:
			return cfgErr(key+".stakes", "%q: want %q or %q", l.Stakes, StakesRound, StakesOdd)
		case l.RoundStake <= 0:
			return cfgErr(key+".round_stake", "must be more than 0")
		case l.MaxStake < 0:
			return cfgErr(key+".max_stake", "cannot be negative")
		case l.Choices < 2 || l.Choices > 6:
			return cfgErr(key+".choices", "%d: want 2 to 6", l.Choices)
		case l.Stack[0] < 2 || l.Stack[1] < l.Stack[0] || l.Stack[1] > 200:
			return cfgErr(key+".stack", "want [least, most] with 2 ≤ least ≤ most ≤ 200")
		case l.Tries < 1 || l.Tries > 1000:
			return cfgErr(key+".tries", "%d: want 1 to 1000", l.Tries)
		}
		for _, s := range []struct {
			name string
			v    float64
		}{{"pushes", l.Pushes}, {"totals", l.Totals}, {"steer", l.Steer}} {
			if err := share(s.name, s.v); err != nil {
				return err
			}
		}
		for j, f := range l.Features {
			if !slices.Contains(known, f) {
				return cfgErr(fmt.Sprintf("%s.features[%d]", key, j), "unknown feature %q (see drills.Features)", f)
			}
			if slices.Contains(l.Features[:j], f) {
				return cfgErr(fmt.Sprintf("%s.features[%d]", key, j), "%q is listed twice", f)
			}
		}
	}
	return nil
}

// level returns level n (1-based).
func (c *Config) level(n int) (*Level, bool) {
	if n < 1 || n > len(c.Levels) {
		return nil, false
	}
	return &c.Levels[n-1], true
}
