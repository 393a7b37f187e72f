package uth_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/settle"
)

const (
	dealer = "Ah Kd"
	board  = "2c 7d 9h Js 3s"
	std    = "ante=10 blind=10 play=40"
)

func TestParseErrors(t *testing.T) {
	with := func(r games.Round, edit func(*games.Round)) games.Round { edit(&r); return r }
	one := rnd(dealer, board, bx{"Qs Qd", std, false})
	tests := []struct {
		name  string
		house string
		round games.Round
		field string
		msg   string
	}{
		{"another game", "", with(one, func(r *games.Round) { r.Game = "oracle" }),
			"game", `"oracle" is not Ultimate Texas Hold'em ("uth")`},
		{"no dealer cards", "", rnd("", board, bx{"Qs Qd", std, false}),
			"dealer", "needs 2 cards, got 0"},
		{"three dealer cards", "", rnd("Ah Kd 5c", board, bx{"Qs Qd", std, false}),
			"dealer", "needs 2 cards, got 3"},
		{"four board cards", "", rnd(dealer, "2c 7d 9h Js", bx{"Qs Qd", std, false}),
			"board", "needs 5 cards, got 4"},
		{"six board cards", "", rnd(dealer, "2c 7d 9h Js 3s 4s", bx{"Qs Qd", std, false}),
			"board", "needs 5 cards, got 6"},
		{"three hole cards", "", rnd(dealer, board, bx{"Qs Qd Qh", std, false}),
			"boxes[0].cards", "needs 2 cards, got 3"},
		{"not a card", "", rnd(dealer, board, bx{"Qs 1x", std, false}),
			"boxes[0].cards", `"1x" is not a card`},
		{"joker", "", rnd(dealer, "2c 7d 9h Js Jk", bx{"Qs Qd", std, false}),
			"board", "the joker is not in a 52-card deck (7 Card Thrill only)"},
		{"duplicate in the dealer's cards", "", rnd("Ah ah", board, bx{"Qs Qd", std, false}),
			"dealer", "duplicate card Ah"},
		{"duplicate of a dealer card on the board", "", rnd(dealer, "2c 7d 9h Kd 3s", bx{"Qs Qd", std, false}),
			"board", "duplicate card Kd"},
		{"duplicate of a board card in a box", "", rnd(dealer, board, bx{"Qs 9h", std, false}),
			"boxes[0].cards", "duplicate card 9h"},
		{"duplicate across boxes", "", rnd(dealer, board, bx{"Qs Qd", std, false}, bx{"5c QD", std, false}),
			"boxes[1].cards", "duplicate card Qd"},
		{"duplicate within a box", "", rnd(dealer, board, bx{"5h 5H", std, false}),
			"boxes[0].cards", "duplicate card 5h"},
		{"no boxes", "", rnd(dealer, board),
			"boxes", "a round needs at least one box"},
		{"eight boxes", "", rnd(dealer, board,
			bx{"2d 2h", std, false}, bx{"3c 3d", std, false}, bx{"4c 4d", std, false}, bx{"5c 5d", std, false},
			bx{"6c 6d", std, false}, bx{"8c 8d", std, false}, bx{"Tc Td", std, false}, bx{"Qc Qd", std, false}),
			"boxes", "8 boxes, but the table has 7 (uth.max_boxes)"},
		{"three boxes at a two-box table", "small", rnd(dealer, board, bx{"2d 2h", std, false}, bx{"3c 3d", std, false}, bx{"4c 4d", std, false}),
			"boxes", "3 boxes, but the table has 2 (uth.max_boxes)"},
		{"unknown wager", "", rnd(dealer, board, bx{"Qs Qd", std + " bet=20", false}),
			"boxes[0].wagers.bet", "unknown wager (Ultimate Texas Hold'em wagers: ante, blind, play, trips, progressive)"},
		{"negative stake", "", rnd(dealer, board, bx{"Qs Qd", std + " trips=-5", false}),
			"boxes[0].wagers.trips", "a stake cannot be negative"},
		{"malformed stake", "", rnd(dealer, board, bx{"Qs Qd", "ante=1e1 blind=10 play=40", false}),
			"boxes[0].wagers.ante", `"1e1" is not an amount`},
		{"stake below a cent", "", rnd(dealer, board, bx{"Qs Qd", std + " trips=2.555", false}),
			"boxes[0].wagers.trips", `"2.555" has more than two decimal places`},
		{"absurd stake", "", rnd(dealer, board, bx{"Qs Qd", std + " trips=2000000000", false}),
			"boxes[0].wagers.trips", "2000000000 is more than the largest stake the kiosk settles (1000000000)"},
		{"no ante", "", rnd(dealer, board, bx{"Qs Qd", "blind=10 play=40", false}),
			"boxes[0].wagers.ante", "required: every box bets the Ante and an equal Blind"},
		{"no blind", "", rnd(dealer, board, bx{"Qs Qd", "ante=10 play=40", false}),
			"boxes[0].wagers.blind", "must equal the ante (10)"},
		{"blind not the ante", "", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=5 play=40", false}),
			"boxes[0].wagers.blind", "must equal the ante (10)"},
		{"play not a multiple", "", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=10 play=25", false}),
			"boxes[0].wagers.play", "25 is not an allowed Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"play 5×", "", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=10 play=50", false}),
			"boxes[0].wagers.play", "50 is not an allowed Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"3× under preflop_multiples = [4]", "four", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=10 play=30", false}),
			"boxes[0].wagers.play", "30 is not an allowed Play bet: 4× (40) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"4× under preflop_multiples = [3]", "three", rnd(dealer, board, bx{"Qs Qd", "ante=7.5 blind=7.5 play=30", false}),
			"boxes[0].wagers.play", "30 is not an allowed Play bet: 3× (22.5) preflop, 2× (15) on the flop or 1× (7.5) on the river"},
		{"fold with a Play bet", "", rnd(dealer, board, bx{"Qs Qd", std, true}),
			"boxes[0].wagers.play", "a box that folded has no Play bet (it folded instead of betting)"},
		{"no fold and no Play bet", "", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=10", false}),
			"boxes[0].wagers.play", "a box that did not fold has a Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"progressive of the wrong amount", "", rnd(dealer, board, bx{"Qs Qd", std + " progressive=5", false}),
			"boxes[0].wagers.progressive", "must be the Progressive's fixed stake of 2, not 5"},
		{"progressive 2 at a house whose chip is 5", "jackpot", rnd(dealer, board, bx{"Qs Qd", std + " progressive=2", false}),
			"boxes[0].wagers.progressive", "must be the Progressive's fixed stake of 5, not 2"},
		{"progressive the house does not offer", "noprog", rnd(dealer, board, bx{"Qs Qd", std + " progressive=2", false}),
			"boxes[0].wagers.progressive", "this house does not offer the Progressive"},
		{"dealer_draw", "", with(one, func(r *games.Round) { r.DealerDraw = "5c" }),
			"dealer_draw", "is not a field of Ultimate Texas Hold'em (Lunar Poker only)"},
		{"force", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) { r.Boxes[0].Force = true }),
			"boxes[0].force", "is not a field of Ultimate Texas Hold'em (Lunar Poker only)"},
		{"draw", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) { r.Boxes[0].Draw = &games.Draw{Buy: "5c"} }),
			"boxes[0].draw", "is not a field of Ultimate Texas Hold'em (Lunar Poker only)"},
		{"multi_super", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) {
			r.Boxes[0].MultiSuper = []games.SideBet{{On: games.Target{Dealer: true}, Stake: "5"}}
		}), "boxes[0].multi_super", "is not a field of Ultimate Texas Hold'em (Lunar Poker only)"},
		{"fourth_card", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) { r.Boxes[0].FourthCard = true }),
			"boxes[0].fourth_card", "is not a field of Ultimate Texas Hold'em (Texas Oracle only)"},
		{"exchanged", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) { r.Boxes[0].Exchanged = 1 }),
			"boxes[0].exchanged", "is not a field of Ultimate Texas Hold'em (Texas Oracle only)"},
		{"discards", "", with(rnd(dealer, board, bx{"Qs Qd", std, false}), func(r *games.Round) { r.Boxes[0].Discards = []string{"2c", "3c"} }),
			"boxes[0].discards", "is not a field of Ultimate Texas Hold'em (7 Card Thrill only)"},
		{"second box's wager", "", rnd(dealer, board, bx{"Qs Qd", std, false}, bx{"5c 5d", "ante=10 blind=10 play=15", false}),
			"boxes[1].wagers.play", "15 is not an allowed Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
	}
	b := book(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := b.House(tt.house)
			if err != nil {
				t.Fatal(err)
			}
			_, err = uth.Parse(&tt.round, h.UTH)
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse = %v; want a *games.FieldError", err)
			}
			if fe.Field != tt.field || fe.Msg != tt.msg {
				t.Errorf("Parse error\n got %s: %s\nwant %s: %s", fe.Field, fe.Msg, tt.field, tt.msg)
			}
		})
	}
}

// TestParseAccepts checks inputs that are legal though unusual.
func TestParseAccepts(t *testing.T) {
	h, err := book(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		round games.Round
	}{
		{"card case and 10 for ten", rnd("ah KD", "2C 7d 9h js 3s", bx{"10s Qd", std, false})},
		{"every Play multiple", rnd(dealer, board, bx{"Qs Qd", "ante=5 blind=5 play=20", false}, bx{"5c 5d", "ante=5 blind=5 play=15", false},
			bx{"6c 6d", "ante=5 blind=5 play=10", false}, bx{"8c 8d", "ante=5 blind=5 play=5", false})},
		{"a fold with Trips and the Progressive", rnd(dealer, board, bx{"Qs Qd", "ante=10 blind=10 trips=5 progressive=2", true})},
		{"zero stakes are wagers not placed", rnd(dealer, board, bx{"Qs Qd", std + " trips=0 progressive=0 play=40", false})},
		{"odd stakes", rnd(dealer, board, bx{"Qs Qd", "ante=5.5 blind=5.5 play=16.5 trips=0.5", false})},
		{"seven boxes", rnd(dealer, board, bx{"2d 2h", std, false}, bx{"3c 3d", std, false}, bx{"4c 4d", std, false},
			bx{"5c 5d", std, false}, bx{"6c 6d", std, false}, bx{"8c 8d", std, false}, bx{"Tc Td", std, false})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := uth.Parse(&tt.round, h.UTH)
			if err != nil {
				t.Fatal(err)
			}
			if s := uth.Settle(r, h.UTH, h.Rounding); s.Check() != nil {
				t.Error(s.Check())
			}
		})
	}
}

// TestStreamErrors checks that a rejected round comes out of `trainer settle`'s
// stream as SETTLE.md's one-line error and that the next line is still settled.
func TestStreamErrors(t *testing.T) {
	in := strings.Join([]string{
		`{"game":"uth","dealer":["Ah","Kd"],"board":["2c","7d","9h","Js","3s"],"boxes":[{"cards":["Qs","Qd"],"wagers":{"ante":10,"blind":10,"play":40}},{"cards":["Qs","5c"],"wagers":{"ante":10,"blind":10,"play":10}}]}`,
		`{"game":"uth","dealer":["Ah","Kd"],"board":["2c","7d","9h","Js","3s"],"boxes":[{"cards":["Qs","Qd"],"wagers":{"ante":10,"blind":10,"play":30},"fold":true}]}`,
		`{"game":"uth","dealer":["Ah","Kd"],"board":["2c","7d","9h","Js","3s"],"boxes":[{"cards":["Qs","Qd"],"wagers":{"ante":10,"blind":10,"play":40}}]}`,
	}, "\n")
	var out bytes.Buffer
	rejected, err := settle.Stream(book(t), "", strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if rejected != 2 || len(lines) != 3 {
		t.Fatalf("rejected %d of %d lines; want 2 of 3:\n%s", rejected, len(lines), out.String())
	}
	want := []string{
		`{"error":"boxes[1].cards: duplicate card Qs"}`,
		`{"error":"boxes[0].wagers.play: a box that folded has no Play bet (it folded instead of betting)"}`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], w)
		}
	}
	if !strings.HasPrefix(lines[2], `{"game":"uth","house":"default","dealer":{"best":["Ah","Kd","Js","9h","7d"]`) {
		t.Errorf("line 3 = %s; want the settled round", lines[2])
	}
}
