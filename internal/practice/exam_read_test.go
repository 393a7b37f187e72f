package practice_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestItemSpec(t *testing.T) {
	t.Parallel()
	ex := &trainer.Exam{Game: "uth", House: "default", RulesVersion: "v3"}
	it := trainer.ExamItem{Position: 2, Kind: "payout", Level: 2, Seed: 7}
	tests := []struct {
		name     string
		a        *trainer.Attempt
		lang     string
		wantLang string
	}{
		{"served in Italian, read in Russian", &trainer.Attempt{Spec: trainer.Spec{Lang: "it"}}, "ru", "it"},
		{"served in English, read in Italian", &trainer.Attempt{}, "it", ""},
		{"never served, read in Russian", nil, "ru", "ru"},
		{"never served, read in English", nil, "en", ""},
	}
	for _, tt := range tests {
		got := practice.ItemSpec(ex, it, tt.a, tt.lang)
		want := trainer.Spec{Game: "uth", Kind: "payout", Level: 2, Seed: 7, House: "default", RulesVersion: "v3", Lang: tt.wantLang}
		if got != want {
			t.Errorf("%s: ItemSpec = %+v; want %+v", tt.name, got, want)
		}
	}
}
