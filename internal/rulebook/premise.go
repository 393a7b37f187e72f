package rulebook

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// A premise is what a ruling situation or a sequence of play takes for
// granted about the table: "pay the posted maximum" makes no sense where the
// house posts none. A situation states it with `requires`, a list of
// conditions on the house's settings that must all hold; where one fails the
// question is held back at that game (Procedures.Asks), so that no trainee
// is drilled on a rule the house does not have.
//
// A condition is one of
//
//	"<scope>.<key>"          the setting is set: true, a number or an amount other than 0,
//	                         a text other than "" and "0", a list that is not empty
//	"!<scope>.<key>"         the setting is not set
//	"<scope>.<key> = <value>"  the setting, written as in its TOML file, is value
//	"<scope>.<key> != <value>" it is not
//
// where scope is a game slug (its houses/<house>/<game>.toml), "house"
// (house.toml: rounding, smallest_chip or currency) or "*": the game the
// question is asked at, which lets one common situation hold at one game of
// the house and not at another ("*.max_payout_per_box").

// premiseScopeAny stands for the game a question is asked at.
const premiseScopeAny = "*"

// premiseHouseKeys are the house.toml keys a condition may read: the ones a
// House keeps (settingValue).
var premiseHouseKeys = []string{"rounding", "smallest_chip", "currency"}

// condition is one parsed `requires` entry.
type condition struct {
	not     bool
	scope   string // a game slug, "house" or "*"
	key     string
	op      string // "", "=" or "!="
	value   string
	written string
}

func parseCondition(s string) (condition, error) {
	c := condition{written: s}
	t := strings.TrimSpace(s)
	if lhs, rhs, ok := strings.Cut(t, "!="); ok {
		c.op, c.value, t = "!=", strings.TrimSpace(rhs), strings.TrimSpace(lhs)
	} else if lhs, rhs, ok := strings.Cut(t, "="); ok {
		c.op, c.value, t = "=", strings.TrimSpace(rhs), strings.TrimSpace(lhs)
	}
	if c.op != "" && c.value == "" {
		return c, fmt.Errorf("%q: no value after %q", s, c.op)
	}
	c.value = strings.Trim(c.value, `"`)
	if rest, ok := strings.CutPrefix(t, "!"); ok {
		if c.op != "" {
			return c, fmt.Errorf("%q: write either \"!setting\" or \"setting != value\"", s)
		}
		c.not, t = true, strings.TrimSpace(rest)
	}
	scope, key, ok := strings.Cut(t, ".")
	if !ok || scope == "" || key == "" {
		return c, fmt.Errorf("%q: want <game>.<key>, house.<key> or *.<key>, e.g. \"*.max_payout_per_box\"", s)
	}
	c.scope, c.key = scope, key
	return c, nil
}

// checkRequires checks the premise of a situation or sequence of game (a
// slug or CommonSlug): each condition names a setting that exists, in a
// scope the file may read.
func checkRequires(file, key, game string, requires []string) error {
	for i, r := range requires {
		k := fmt.Sprintf("%s.requires[%d]", key, i+1)
		c, err := parseCondition(r)
		if err != nil {
			return errf(file, k, err.Error())
		}
		switch c.scope {
		case "house":
			if !slices.Contains(premiseHouseKeys, c.key) {
				return errf(file, k, fmt.Sprintf("%q: a condition reads house.%s", r, strings.Join(premiseHouseKeys, ", house.")))
			}
		case premiseScopeAny:
			games := []string{game}
			if game == CommonSlug {
				games = GameSlugs
			}
			for _, g := range games {
				if err := checkSetting(file, k, CommonSlug, g+"."+c.key); err != nil {
					return errf(file, k, fmt.Sprintf("%q: *.%s must be a setting of every game it is asked at; %s has none", r, c.key, g))
				}
			}
		default:
			if err := checkSetting(file, k, game, c.scope+"."+c.key); err != nil {
				return err
			}
		}
	}
	return nil
}

// holds evaluates c at house h for a question asked at game.
func (c condition) holds(h *House, game string) bool {
	scope := c.scope
	if scope == premiseScopeAny {
		scope = game
	}
	v, ok := settingValue(h, scope+"."+c.key)
	if !ok {
		return false
	}
	switch c.op {
	case "=":
		return fmt.Sprint(v.Interface()) == c.value
	case "!=":
		return fmt.Sprint(v.Interface()) != c.value
	}
	return isSet(v) != c.not
}

// isSet is a setting's truth: true, non-zero, a text other than "" and "0",
// a list that is not empty.
func isSet(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() != 0
	case reflect.Float32, reflect.Float64:
		return v.Float() != 0
	case reflect.String:
		return v.String() != "" && v.String() != "0"
	case reflect.Slice, reflect.Map:
		return v.Len() > 0
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil()
	}
	return !v.IsZero()
}

// premiseGames are the games a situation or sequence of game is asked at:
// its own, or every game for a common one.
func premiseGames(game string) []string {
	if game == CommonSlug {
		return GameSlugs
	}
	return []string{game}
}

// withheld evaluates every premise of p at house h: id → game → the
// condition that fails there. The conditions were checked at load, so a
// parse error cannot happen here; one would count as failing.
func withheld(p *Procedures, h *House) map[string]map[string]string {
	out := map[string]map[string]string{}
	check := func(id, game string, requires []string) {
		for _, g := range premiseGames(game) {
			for _, r := range requires {
				c, err := parseCondition(r)
				if err != nil || !c.holds(h, g) {
					if out[id] == nil {
						out[id] = map[string]string{}
					}
					out[id][g] = r
					break
				}
			}
		}
	}
	for _, s := range p.Situations {
		check(s.ID, s.Game, s.Requires)
	}
	for _, q := range p.Sequences {
		check(q.ID, q.Game, q.Requires)
	}
	return out
}

// Asks reports whether a question about id may be asked at game's table at
// this house: id is one of its situations or sequences, of that game or
// common, and its premise holds there.
func (p *Procedures) Asks(game, id string) bool {
	_, ok := p.Premise(game, id)
	return ok
}

// Premise returns the condition of id's premise that fails at game (and
// false), or "" and true when the question may be asked there. An id the
// house does not have, or of another game, is not asked: it returns "" and
// false.
func (p *Procedures) Premise(game, id string) (failed string, ok bool) {
	var of string
	switch {
	case p.situations[id] != nil:
		of = p.situations[id].Game
	case p.sequences[id] != nil:
		of = p.sequences[id].Game
	default:
		return "", false
	}
	if of != game && of != CommonSlug {
		return "", false
	}
	if c, held := p.withheld[id][game]; held {
		return c, false
	}
	return "", true
}
