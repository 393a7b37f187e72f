package rulebook

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// CertificationFile is the certification standards of every game, at the
// root of content/rules; a house overrides keys of it in
// houses/<house>/certification.toml.
const CertificationFile = "certification.toml"

// Standard is what a game's certification exam holds and how it is judged,
// for one house: content/rules/certification.toml with the house's file over
// it. An exam stores the Standard it started under (as JSON), so an old
// result is judged as it was.
type Standard struct {
	Game       string               `toml:"-" json:"game"`
	Blueprint  []BlueprintItem      `toml:"blueprint" json:"blueprint"`
	Thresholds map[string]Threshold `toml:"thresholds" json:"thresholds"`
	Policy     Policy               `toml:"policy" json:"policy"`

	// fileOf names the file that set a key, for the errors of Check.
	fileOf func(key string) string
}

// BlueprintItem is Count items of one drill kind at one level.
type BlueprintItem struct {
	Kind  string `toml:"kind" json:"kind"`
	Level int    `toml:"level" json:"level"`
	Count int    `toml:"count" json:"count"`
}

// Threshold is the pass mark of one kind: Accuracy percent of its items
// right, each answered within Seconds.
type Threshold struct {
	Accuracy int `toml:"accuracy" json:"accuracy"`
	Seconds  int `toml:"seconds" json:"seconds"`
}

// Policy is how often a trainee may sit the exam and how long a certificate
// lasts.
type Policy struct {
	// Retakes is how many sittings are allowed after the first in one
	// cycle (a cycle starts at the first exam, a grant, a revocation, or a
	// manager allowing more sittings).
	Retakes int `toml:"retakes" json:"retakes"`
	// RetakeWaitHours is the least time between a failed sitting and the next.
	RetakeWaitHours int `toml:"retake_wait_hours" json:"retake_wait_hours"`
	// ValidityMonths is how long a certificate lasts from its sign-off.
	ValidityMonths int `toml:"validity_months" json:"validity_months"`
	// DueDays is how long before the expiry a certificate is "due" and the
	// recertification exam opens.
	DueDays int `toml:"due_days" json:"due_days"`
}

// Items is how many items the blueprint holds.
func (s *Standard) Items() int {
	n := 0
	for _, b := range s.Blueprint {
		n += b.Count
	}
	return n
}

// Kinds lists the blueprint's kinds in the order they first appear.
func (s *Standard) Kinds() []string {
	var out []string
	for _, b := range s.Blueprint {
		if !slices.Contains(out, b.Kind) {
			out = append(out, b.Kind)
		}
	}
	return out
}

// Bounds of the policy and thresholds. An exam longer than MaxExamItems would
// not fit a practice session (migration 0010 caps a session at 200).
const (
	MaxExamItems       = 200
	maxItemSeconds     = 3600
	maxRetakes         = 20
	maxRetakeWaitHours = 24 * 366
	maxValidityMonths  = 120
)

// certFile is certification.toml.
type certFile struct {
	Games map[string]*Standard `toml:"games"`
}

// loadCertification reads the standards of house: the root file, then the
// house's own file over it.
func loadCertification(fsys fs.FS, house string) (map[string]*Standard, error) {
	var cf certFile
	data, err := fs.ReadFile(fsys, CertificationFile)
	if err != nil {
		return nil, errf(CertificationFile, "", "cannot read: "+err.Error())
	}
	if err := unknownCertKey(CertificationFile, data); err != nil {
		return nil, err
	}
	if err := decodeStrict(CertificationFile, data, &cf); err != nil {
		return nil, err
	}
	base, err := keysOf(data)
	if err != nil {
		return nil, errf(CertificationFile, "", err.Error())
	}
	houseFile := path.Join("houses", house, CertificationFile)
	own := map[string]bool{}
	if data, err := fs.ReadFile(fsys, houseFile); err == nil {
		if err := unknownCertKey(houseFile, data); err != nil {
			return nil, err
		}
		if err := decodeStrict(houseFile, data, &cf); err != nil {
			return nil, err
		}
		if own, err = keysOf(data); err != nil {
			return nil, errf(houseFile, "", err.Error())
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, errf(houseFile, "", "cannot read: "+err.Error())
	}
	fileOf := func(key string) string {
		// The most specific key the house's file sets wins.
		for k := key; k != ""; k = parentKey(k) {
			if own[k] {
				return houseFile
			}
		}
		return CertificationFile
	}
	for slug := range cf.Games {
		if !slices.Contains(GameSlugs, slug) {
			return nil, errf(fileOf("games."+slug), "games."+slug, "unknown game (games: "+strings.Join(GameSlugs, ", ")+")")
		}
	}
	out := map[string]*Standard{}
	for _, slug := range GameSlugs {
		s := cf.Games[slug]
		key := "games." + slug
		if s == nil {
			return nil, errf(CertificationFile, key, "missing: every game needs a certification standard")
		}
		for _, k := range []string{"blueprint", "policy.retakes", "policy.retake_wait_hours", "policy.validity_months", "policy.due_days"} {
			if !base[key+"."+k] {
				return nil, errf(CertificationFile, key+"."+k, "missing: "+CertificationFile+" sets every key of each game")
			}
		}
		s.Game, s.fileOf = slug, fileOf
		if err := s.validate(); err != nil {
			return nil, err
		}
		out[slug] = s
	}
	return out, nil
}

// Keys of certification.toml below games.<slug>.
var (
	certGameKeys      = []string{"blueprint", "thresholds", "policy"}
	certItemKeys      = []string{"kind", "level", "count"}
	certThresholdKeys = []string{"accuracy", "seconds"}
	certPolicyKeys    = []string{"retakes", "retake_wait_hours", "validity_months", "due_days"}
)

// unknownCertKey names the first key of a certification file that the
// format does not have, with its full path: the decoder's own report loses
// the path inside inline tables and lists of tables.
func unknownCertKey(file string, data []byte) error {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return errf(file, "", strings.TrimPrefix(err.Error(), "toml: "))
	}
	unknown := func(key string) error { return errf(file, key, "unknown key") }
	for _, k := range sortedKeys(doc) {
		if k != "games" {
			return unknown(k)
		}
	}
	gamesTable, _ := doc["games"].(map[string]any)
	for _, slug := range sortedKeys(gamesTable) {
		g, ok := gamesTable[slug].(map[string]any)
		if !ok {
			continue // the decoder reports the type
		}
		prefix := "games." + slug + "."
		for _, k := range sortedKeys(g) {
			if !slices.Contains(certGameKeys, k) {
				return unknown(prefix + k)
			}
		}
		if items, ok := g["blueprint"].([]any); ok {
			for i, it := range items {
				m, _ := it.(map[string]any)
				for _, k := range sortedKeys(m) {
					if !slices.Contains(certItemKeys, k) {
						return unknown(fmt.Sprintf("%sblueprint[%d].%s", prefix, i, k))
					}
				}
			}
		}
		th, _ := g["thresholds"].(map[string]any)
		for _, kind := range sortedKeys(th) {
			m, _ := th[kind].(map[string]any)
			for _, k := range sortedKeys(m) {
				if !slices.Contains(certThresholdKeys, k) {
					return unknown(prefix + "thresholds." + kind + "." + k)
				}
			}
		}
		p, _ := g["policy"].(map[string]any)
		for _, k := range sortedKeys(p) {
			if !slices.Contains(certPolicyKeys, k) {
				return unknown(prefix + "policy." + k)
			}
		}
	}
	return nil
}

// parentKey is "a.b" of "a.b.c", and "" of "a". A list index ("blueprint[2]")
// belongs to its list.
func parentKey(k string) string {
	if i := strings.LastIndexByte(k, '['); i > 0 && strings.HasSuffix(k, "]") {
		return k[:i]
	}
	if i := strings.LastIndexByte(k, '.'); i > 0 {
		return k[:i]
	}
	return ""
}

// errAt is an error at key (relative to the game's table), in the file that set it.
func (s *Standard) errAt(key, msg string) error {
	full := "games." + s.Game + "." + key
	file := CertificationFile
	if s.fileOf != nil {
		file = s.fileOf(full)
	}
	return errf(file, full, msg)
}

// validate checks what needs no drill content: counts, shares, bounds, and a
// threshold for every kind the blueprint asks.
func (s *Standard) validate() error {
	if len(s.Blueprint) == 0 {
		return s.errAt("blueprint", "empty: an exam needs at least one item")
	}
	seen := map[[2]any]bool{}
	for i, b := range s.Blueprint {
		key := fmt.Sprintf("blueprint[%d]", i)
		switch {
		case b.Kind == "":
			return s.errAt(key+".kind", "missing")
		case b.Level < 1:
			return s.errAt(key+".level", fmt.Sprintf("%d: levels are numbered from 1", b.Level))
		case b.Count < 1:
			return s.errAt(key+".count", fmt.Sprintf("%d: an entry needs at least one item", b.Count))
		case seen[[2]any{b.Kind, b.Level}]:
			return s.errAt(key, fmt.Sprintf("%s at level %d is listed twice", b.Kind, b.Level))
		}
		seen[[2]any{b.Kind, b.Level}] = true
	}
	if n := s.Items(); n > MaxExamItems {
		return s.errAt("blueprint", fmt.Sprintf("%d items: an exam holds at most %d", n, MaxExamItems))
	}
	for i, b := range s.Blueprint {
		if _, ok := s.Thresholds[b.Kind]; !ok {
			return s.errAt(fmt.Sprintf("blueprint[%d].kind", i),
				fmt.Sprintf("%q has no threshold (thresholds.%s is missing)", b.Kind, b.Kind))
		}
	}
	for _, k := range sortedKeys(s.Thresholds) {
		t := s.Thresholds[k]
		switch {
		case t.Accuracy < 0 || t.Accuracy > 100:
			return s.errAt("thresholds."+k+".accuracy", fmt.Sprintf("%d is not a percentage from 0 to 100", t.Accuracy))
		case t.Seconds < 1 || t.Seconds > maxItemSeconds:
			return s.errAt("thresholds."+k+".seconds", fmt.Sprintf("%d: want 1 to %d seconds per item", t.Seconds, maxItemSeconds))
		}
	}
	p := s.Policy
	switch {
	case p.Retakes < 0 || p.Retakes > maxRetakes:
		return s.errAt("policy.retakes", fmt.Sprintf("%d: want 0 to %d", p.Retakes, maxRetakes))
	case p.RetakeWaitHours < 0 || p.RetakeWaitHours > maxRetakeWaitHours:
		return s.errAt("policy.retake_wait_hours", fmt.Sprintf("%d: want 0 to %d", p.RetakeWaitHours, maxRetakeWaitHours))
	case p.ValidityMonths < 1 || p.ValidityMonths > maxValidityMonths:
		return s.errAt("policy.validity_months", fmt.Sprintf("%d: want 1 to %d", p.ValidityMonths, maxValidityMonths))
	case p.DueDays < 1 || p.DueDays >= p.ValidityMonths*28:
		return s.errAt("policy.due_days", fmt.Sprintf("%d: want at least 1 and less than the validity period", p.DueDays))
	}
	return nil
}

// CheckCertification checks the house's standards against the drill
// content: every kind of a blueprint or a threshold must be one the game has
// drills for in this house (offers), and every level one of drills.toml's
// (1 … levels). The rulebook cannot know either by itself (package drills
// reads drills.toml and builds on the rulebook), so the kiosk calls it at
// start-up once both are loaded. Errors name the file and the key.
func (h *House) CheckCertification(offers func(game, kind string) bool, levels int) error {
	for _, slug := range GameSlugs {
		if err := h.Certification[slug].check(offers, levels); err != nil {
			return fmt.Errorf("rulebook: %w", err)
		}
	}
	return nil
}

func (s *Standard) check(offers func(game, kind string) bool, levels int) error {
	for i, b := range s.Blueprint {
		key := fmt.Sprintf("blueprint[%d]", i)
		if !offers(s.Game, b.Kind) {
			return s.errAt(key+".kind", fmt.Sprintf("%q: the game has no drills of this kind", b.Kind))
		}
		if b.Level > levels {
			return s.errAt(key+".level", fmt.Sprintf("%d: drills.toml has levels 1 to %d", b.Level, levels))
		}
	}
	for _, k := range sortedKeys(s.Thresholds) {
		if !offers(s.Game, k) {
			return s.errAt("thresholds."+k, fmt.Sprintf("%q: the game has no drills of this kind", k))
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
