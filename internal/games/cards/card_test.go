package cards

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"As", New(Ace, Spades)},
		{"2c", New(Two, Clubs)},
		{"Td", New(Ten, Diamonds)},
		{"10d", New(Ten, Diamonds)}, // SETTLE.md: "also 10"
		{"10H", New(Ten, Hearts)},
		{"kH", New(King, Hearts)},    // case of rank and suit is ignored
		{" qs ", New(Queen, Spades)}, // surrounding space is not part of the card
		{"Jk", Joker},
		{"JK", Joker},
		{"jk", Joker},
		{"Jc", New(Jack, Clubs)},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `"" is not a card`},
		{"1x", `"1x" is not a card`},
		{"A", `"A" is not a card`},
		{"Ax", `"Ax" is not a card`},
		{"1s", `"1s" is not a card`},
		{"11s", `"11s" is not a card`},
		{"Ass", `"Ass" is not a card`},
		{"Joker", `"Joker" is not a card`},
		{"A♠", `"A♠" is not a card`},
		{"the ace of spades please", `"the ace of spade…" is not a card`},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v; want error %q", tt.in, c, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %q; want %q", tt.in, err, tt.want)
		}
	}
}

func TestStringRoundTrip(t *testing.T) {
	for _, c := range Deck53() {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	if got := Card(53).String(); got != "?53" {
		t.Errorf("Card(53).String() = %q; want \"?53\"", got)
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		c    Card
		want string
	}{
		{New(King, Spades), "king of spades"},
		{New(Two, Diamonds), "two of diamonds"},
		{Joker, "joker"},
	}
	for _, tt := range tests {
		if got := tt.c.Name(); got != tt.want {
			t.Errorf("%v.Name() = %q; want %q", tt.c, got, tt.want)
		}
	}
	if got := Six.Plural(); got != "sixes" {
		t.Errorf("Six.Plural() = %q; want \"sixes\"", got)
	}
	if !Hearts.Red() || !Diamonds.Red() || Clubs.Red() || Spades.Red() {
		t.Error("Red: hearts and diamonds are red, clubs and spades black")
	}
}

func TestParseList(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"As Kd 10h Jk", "As Kd Th Jk", ""},
		{"as,kd, 2c\t3c\n4c", "As Kd 2c 3c 4c", ""},
		{"", "", ""},
		{"As Kd 1x", "", `card 3: "1x" is not a card`},
		{"As Kd Qh Kd", "", "card 4: duplicate card Kd"},
		{"As Jk JK", "", "card 3: duplicate card Jk"},
		{"10s Ts", "", "card 2: duplicate card Ts"},
	}
	for _, tt := range tests {
		cs, err := ParseList(tt.in)
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseList(%q) = %v, %v; want error %q", tt.in, cs, err, tt.err)
			}
		case err != nil:
			t.Errorf("ParseList(%q) error %v", tt.in, err)
		case Format(cs) != tt.want:
			t.Errorf("ParseList(%q) = %q; want %q", tt.in, Format(cs), tt.want)
		}
	}
}

func TestParseStrings(t *testing.T) {
	_, err := ParseStrings([]string{"As", "", "Kd"})
	if err == nil || err.Error() != `card 2: "" is not a card` {
		t.Errorf("ParseStrings with an empty string: error %v", err)
	}
	cs, err := ParseStrings([]string{"As", "10c"})
	if err != nil || Format(cs) != "As Tc" {
		t.Errorf("ParseStrings(As 10c) = %v, %v", cs, err)
	}
}

func TestParseHand(t *testing.T) {
	tests := []struct {
		in    string
		n     int
		joker bool
		err   string
	}{
		{"As Kd Qh Jc Ts 9s 8s", 7, false, ""},
		{"As Kd Qh Jc Jk 9s 8s", 7, true, ""},
		{"As Kd Qh Jc Jk 9s 8s", 7, false, "card 5: the joker is not in this deck"},
		{"As Kd Qh Jc Ts 9s", 7, false, "needs 7 cards, got 6"},
		{"As", 2, false, "needs 2 cards, got 1"},
		{"As Kd", 1, false, "needs 1 card, got 2"},
		{"As Kd Qh", 0, false, ""},
		{"As Kd Qh Jc Ts 9s 1x", 7, false, `card 7: "1x" is not a card`},
		// The first mistake in the text is named, before the count.
		{"As As", 7, false, "card 2: duplicate card As"},
		{"Jk Qh", 7, false, "card 1: the joker is not in this deck"},
	}
	for _, tt := range tests {
		cs, err := ParseHand(tt.in, tt.n, tt.joker)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("ParseHand(%q, %d, %v) error %v", tt.in, tt.n, tt.joker, err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("ParseHand(%q, %d, %v) = %v, %v; want error %q", tt.in, tt.n, tt.joker, cs, err, tt.err)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		cs    []Card
		n     int
		joker bool
		err   string
	}{
		{MustParseList("As Kd"), 2, false, ""},
		{MustParseList("As Kd"), 0, false, ""},
		{MustParseList("As Kd"), 3, false, "needs 3 cards, got 2"},
		{MustParseList("As Jk"), 2, false, "the joker is not in this deck"},
		{MustParseList("As Jk"), 2, true, ""},
		{[]Card{1, 1}, 2, false, "duplicate card 2d"},
		{[]Card{1, 60}, 2, false, "60 is not a card"},
	}
	for _, tt := range tests {
		err := Check(tt.cs, tt.n, tt.joker)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("Check(%v, %d, %v) = %v", tt.cs, tt.n, tt.joker, err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("Check(%v, %d, %v) = %v; want %q", tt.cs, tt.n, tt.joker, err, tt.err)
		}
	}
}

func TestSet(t *testing.T) {
	s := SetOf(MustParseList("As 2c Jk Kd")...)
	if s.Len() != 4 || !s.Has(Joker) || s.Has(New(Ace, Hearts)) {
		t.Errorf("SetOf: Len %d, Has(Jk) %v, Has(Ah) %v", s.Len(), s.Has(Joker), s.Has(New(Ace, Hearts)))
	}
	if got := Format(s.Cards()); got != "2c Kd As Jk" {
		t.Errorf("Cards() = %q; want deck order \"2c Kd As Jk\"", got)
	}
}

func TestDecks(t *testing.T) {
	if d := Deck52(); len(d) != 52 || Check(d, 52, false) != nil {
		t.Errorf("Deck52: %d cards, %v", len(d), Check(d, 52, false))
	}
	if d := Deck53(); len(d) != 53 || d[52] != Joker || Check(d, 53, true) != nil {
		t.Errorf("Deck53: %d cards, last %v", len(d), d[len(d)-1])
	}
}

func TestShoe(t *testing.T) {
	a, b := NewShoe(Deck53(), 7), NewShoe(Deck53(), 7)
	ha, hb := a.Deal(7), b.Deal(7)
	if !slices.Equal(ha, hb) {
		t.Errorf("same seed dealt %v and %v", ha, hb)
	}
	if other := NewShoe(Deck53(), 8).Deal(7); slices.Equal(ha, other) {
		t.Errorf("seeds 7 and 8 dealt the same %v", ha)
	}
	if a.Remaining() != 46 {
		t.Errorf("Remaining() = %d; want 46", a.Remaining())
	}
	rest := a.Deal(46)
	if err := Check(append(ha, rest...), 53, true); err != nil {
		t.Errorf("the shoe is not the deck: %v", err)
	}
	if a.Deal(1) != nil || a.Deal(-1) != nil {
		t.Error("Deal past the end or of a negative count must return nil")
	}
	// The shoe copies the deck: shuffling never changes the caller's slice.
	d := Deck52()
	NewShoe(d, 1)
	if !slices.Equal(d, Deck52()) {
		t.Error("NewShoe changed its argument")
	}
}

func TestJSON(t *testing.T) {
	cs := MustParseList("As Td Jk")
	b, err := json.Marshal(cs)
	if err != nil || string(b) != `["As","Td","Jk"]` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var back []Card
	if err := json.Unmarshal([]byte(`["as","10d","JK"]`), &back); err != nil || !slices.Equal(back, cs) {
		t.Errorf("Unmarshal = %v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["Ax"]`), &back); err == nil {
		t.Error("Unmarshal of \"Ax\" succeeded")
	}
	if _, err := json.Marshal([]Card{99}); err == nil {
		t.Error("Marshal of an invalid card succeeded")
	}
}
