package view

import (
	"net/url"
	"testing"
)

func TestReadLoad(t *testing.T) {
	t.Parallel()
	book := testBook(t)
	st := ReadChecker(url.Values{"game": {"uth"}}, book, "default")
	tests := []struct {
		name               string
		text               string
		wantRound, wantBad bool
		wantGame           string // the form's game afterwards
		wantHouse          string // the round's house, when read
	}{
		{"an Oracle round takes the form to Oracle, at the form's house",
			` {"game":"oracle","dealer":["2c","3d"],"board":["Ah","Kh","9s","4c","7d"],"boxes":[{"cards":["Qh","Jh"],"wagers":{"ante":10,"bet":20}}]} `,
			true, false, "oracle", st.Round().House},
		{"a round naming its house keeps it",
			`{"game":"uth","house":"other","dealer":["2c","3d"],"board":["Ah","Kh","9s","4c","7d"],"boxes":[{"cards":["Qh","Jh"],"wagers":{"ante":10,"blind":10,"play":40}}]}`,
			true, false, "uth", "other"},
		{"a game the form has no layout for leaves the form", `{"game":"baccarat"}`, true, false, "uth", st.Round().House},
		{"a broken line says why", `{"game":"uth",`, false, true, "uth", ""},
	}
	for _, tt := range tests {
		got, in, bad := ReadLoad(tt.text, st)
		if (in != nil) != tt.wantRound || (bad != nil) != tt.wantBad {
			t.Errorf("%s: ReadLoad gave round %v, refusal %t; want round %t, refusal %t", tt.name, in, bad != nil, tt.wantRound, tt.wantBad)
			continue
		}
		if g := got.Round().Game; g != tt.wantGame {
			t.Errorf("%s: the form's game = %q; want %q", tt.name, g, tt.wantGame)
		}
		if in != nil && in.House != tt.wantHouse {
			t.Errorf("%s: the round's house = %q; want %q", tt.name, in.House, tt.wantHouse)
		}
	}
}
