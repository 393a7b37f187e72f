package drills_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	bk "github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/drills"
)

// sections lists the section ids refs cite, whatever language titles them.
func sections(refs []bk.Ref) []string {
	var ids []string
	for _, r := range refs {
		ids = append(ids, r.Section+" "+r.Number)
	}
	return ids
}

// TestLangChangesWordsOnly: a drill asked in another language is the same
// question (deal, key, number and order of choices, skill, citations); only
// its words may differ. An unknown language is the caller's error.
func TestLangChangesWordsOnly(t *testing.T) {
	_, gen := generator(t)
	for _, game := range drills.GameSlugs() {
		for _, kind := range drills.Kinds {
			for seed := uint64(1); seed <= 5; seed++ {
				s := drills.Spec{Game: game, Kind: kind, Level: 2, Seed: seed}
				en, err := gen.Generate("", s)
				if err != nil {
					t.Fatalf("%+v: %v", s, err)
				}
				for _, lang := range []string{"it", "ru"} {
					s.Lang = lang
					d, err := gen.Generate("", s)
					if err != nil {
						t.Fatalf("%+v: %v", s, err)
					}
					if d.Lang != lang {
						t.Errorf("%+v: Lang = %q", s, d.Lang)
					}
					if !reflect.DeepEqual(d.Key, en.Key) || !reflect.DeepEqual(d.Round, en.Round) || !reflect.DeepEqual(d.Ask, en.Ask) ||
						d.Skill != en.Skill || len(d.Choices) != len(en.Choices) || len(d.Mistakes) != len(en.Mistakes) || !slices.Equal(sections(d.Refs), sections(en.Refs)) {
						t.Errorf("%+v: the %s drill is not the English one's question", s, lang)
					}
				}
			}
		}
	}
	_, err := gen.Generate("", drills.Spec{Game: "uth", Kind: "payout", Seed: 1, Lang: "xx"})
	var se *drills.SpecError
	if !errors.As(err, &se) || se.Field != "lang" {
		t.Errorf("Lang xx: %v; want a SpecError on lang", err)
	}
}
