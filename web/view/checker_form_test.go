package view

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/google/go-cmp/cmp"
)

func TestControlFor(t *testing.T) {
	t.Parallel()
	in := &games.Round{Game: "lunar", Boxes: []games.Box{{}, {MultiSuper: []games.SideBet{
		{On: games.Target{Box: 1}}, {On: games.Target{Dealer: true}}}}}}
	tests := []struct{ path, want string }{
		{"dealer", "dealer"},
		{"board", "board"},
		{"dealer_draw", "dealer_draw"},
		{"boxes", "boxes"},
		{"house", "house"},
		{"game", ""},
		{"", ""},
		{"boxes[1]", "b1"},
		{"boxes[1].cards", "b1.cards"},
		{"boxes[0].wagers.super", "b0.super"},
		{"boxes[0].wagers.blind", "b0.wagers"}, // not a Lunar wager
		{"boxes[0].wagers", "b0.wagers"},
		{"boxes[0].force", "b0.force"},
		{"boxes[0].draw", "b0.draw"},
		{"boxes[0].draw.buy", "b0.buy"},
		{"boxes[0].draw.out", "b0.out"},
		{"boxes[0].draw.in", "b0.in"},
		{"boxes[1].multi_super[1]", "b1.ms.dealer"},
		{"boxes[1].multi_super[0].on", "b1.ms.1"},
		{"boxes[1].multi_super[0].stake", "b1.ms.1"},
		{"boxes[1].multi_super[5]", "b1.multi_super"},
		{"boxes[7].cards", ""}, // no such box
		{"boxes[x].cards", ""},
	}
	for _, tt := range tests {
		if got := controlFor(tt.path, in); got != tt.want {
			t.Errorf("controlFor(%q) = %q; want %q", tt.path, got, tt.want)
		}
	}
}

func TestReadCheckRound(t *testing.T) {
	t.Parallel()
	book := testBook(t)
	form := url.Values{
		"game": {"lunar"}, "house": {"no-such-house"}, "boxes": {"2"}, "target": {"b1.cards"},
		"dealer": {"2c 5D, 8h jc 10s"}, "board": {"As"}, "dealer_draw": {" kd "},
		"b0.cards": {"Ah Kh 7c 7d 3s"}, "b0.ante": {"10"}, "b0.super": {" 10 "}, "b0.bet": {""},
		"b0.force": {"1"}, "b0.draw": {"exchange"}, "b0.out": {"7c", "3s", "9h"}, "b0.in": {"qs qd"},
		"b0.ms.2": {"5"}, "b0.ms.dealer": {"2.5"}, "b0.ms.1": {"99"},
		"b1.cards": {"9c"}, "b1.draw": {"buy"}, "b1.buy": {"9s"}, "b1.fold": {"1"},
	}
	st := readCheckRound(form, book, "default")
	want := games.Round{
		Game: "lunar", House: "default",
		Dealer:     []string{"2c", "5d", "8h", "Jc", "Ts"},
		DealerDraw: "Kd",
		Boxes: []games.Box{
			{Cards: []string{"Ah", "Kh", "7c", "7d", "3s"}, Wagers: map[string]json.Number{"ante": "10", "super": "10"},
				Force: true, Draw: &games.Draw{Out: []string{"7c", "3s"}, In: []string{"Qs", "Qd"}},
				MultiSuper: []games.SideBet{{On: games.Target{Box: 2}, Stake: "5"}, {On: games.Target{Dealer: true}, Stake: "2.5"}}},
			{Cards: []string{"9c"}, Wagers: map[string]json.Number{}, Fold: true, Draw: &games.Draw{Buy: "9s"}},
		},
	}
	if diff := cmp.Diff(want, st.in); diff != "" {
		t.Errorf("readCheckRound (-want +got):\n%s", diff)
	}
	if st.target != "b1.cards" || strings.Join(st.draws, ",") != "exchange,buy" {
		t.Errorf("target %q, draws %q", st.target, st.draws)
	}
}

func TestReadCheckRoundUTHPlay(t *testing.T) {
	t.Parallel()
	book := testBook(t)
	for _, tt := range []struct{ ante, play, want string }{
		{"10", "4", "40"}, {"7.5", "3", "22.5"}, {"10", "1", "10"}, {"10", "", ""}, {"ten", "4", ""},
		{"10", "=35", "35"}, {"10", "9", ""},
	} {
		st := readCheckRound(url.Values{"game": {"uth"}, "b0.ante": {tt.ante}, "b0.play": {tt.play}}, book, "default")
		if got := string(st.in.Boxes[0].Wagers["play"]); got != tt.want {
			t.Errorf("ante %q, play %q: play stake %q; want %q", tt.ante, tt.play, got, tt.want)
		}
		if tt.want != "" && tt.play[0] != '=' && playChoice(json.Number(tt.want), json.Number(tt.ante)) != tt.play {
			t.Errorf("playChoice(%s, %s) = %q; want %q", tt.want, tt.ante, playChoice(json.Number(tt.want), json.Number(tt.ante)), tt.play)
		}
	}
}

func TestCheckRoundPicking(t *testing.T) {
	t.Parallel()
	book := testBook(t)
	st := readCheckRound(url.Values{"game": {"oracle"}}, book, "default")
	if st.target != "dealer" {
		t.Fatalf("a new round targets %q; want dealer", st.target)
	}
	for _, c := range []string{"2c", "3d", "Ah", "Kh", "9s", "4c", "7d", "Qh"} {
		st.apply("pick:"+c, 7)
	}
	if got := strings.Join(st.in.Board, " "); got != "Ah Kh 9s 4c 7d" {
		t.Errorf("board %q", got)
	}
	if st.target != "b0.cards" {
		t.Errorf("after the board the picker is on %q; want b0.cards", st.target)
	}
	st.apply("pick:Qh", 7)
	if got := noticeIn(st, i18n.Source); got != "The queen of hearts is already in the round." {
		t.Errorf("picking a card twice: notice %q", got)
	}
	st.apply("pick:Jk", 7)
	if got := noticeIn(st, i18n.Source); got != "The joker is only in the 7 Card Thrill deck." {
		t.Errorf("picking the joker in Oracle: notice %q", got)
	}
	st.apply("pick:Jh", 7)
	if got := strings.Join(st.in.Boxes[0].Cards, " "); got != "Qh Jh" {
		t.Errorf("box 1 %q", got)
	}
	st.notice = say.Message{}
	st.apply("pick:2h", 7)
	if got := noticeIn(st, i18n.Source); got != "Box 1 is full: tap one of its cards to take it back, or tap another place." {
		t.Errorf("picking into a full place: notice %q", got)
	}
	st.apply("remove:dealer:0", 7)
	if got := strings.Join(st.in.Dealer, " "); got != "3d" || st.target != "dealer" {
		t.Errorf("after taking back the 2c: dealer %q, target %q", got, st.target)
	}
	st.apply("addbox", 7)
	st.apply("addbox", 7)
	if len(st.in.Boxes) != 3 || st.target != "b2.cards" {
		t.Errorf("after adding two boxes: %d boxes, target %q", len(st.in.Boxes), st.target)
	}
	st.apply("addbox", 3)
	if len(st.in.Boxes) != 3 {
		t.Errorf("added a box beyond the table's 3")
	}
	st.apply("removebox:0", 7)
	if len(st.in.Boxes) != 2 || len(st.in.Boxes[0].Cards) != 0 {
		t.Errorf("after removing box 1: %d boxes, first holds %q", len(st.in.Boxes), st.in.Boxes[0].Cards)
	}
	st.apply("clear", 7)
	if st.used() != 0 || st.target != "dealer" {
		t.Errorf("after clearing: used %v, target %q", st.used(), st.target)
	}
}

func TestCheckRoundRemoveBoxRenumbersMultiSuper(t *testing.T) {
	t.Parallel()
	st := fromRound(&games.Round{Game: "lunar", Boxes: []games.Box{
		{MultiSuper: []games.SideBet{{On: games.Target{Box: 2}, Stake: "1"}, {On: games.Target{Box: 3}, Stake: "2"}, {On: games.Target{Dealer: true}, Stake: "3"}}},
		{},
		{MultiSuper: []games.SideBet{{On: games.Target{Box: 1}, Stake: "4"}, {On: games.Target{Box: 2}, Stake: "5"}}},
	}})
	st.apply("removebox:1", 6)
	want := [][]games.SideBet{
		{{On: games.Target{Box: 2}, Stake: "2"}, {On: games.Target{Dealer: true}, Stake: "3"}},
		{{On: games.Target{Box: 1}, Stake: "4"}},
	}
	for i, w := range want {
		if diff := cmp.Diff(w, st.in.Boxes[i].MultiSuper); diff != "" {
			t.Errorf("box %d Multi Super (-want +got):\n%s", i+1, diff)
		}
	}
}

func TestCheckRoundLunarDraw(t *testing.T) {
	t.Parallel()
	st := fromRound(&games.Round{Game: "lunar", Dealer: []string{"2c", "5d", "8h", "Jc", "Ks"},
		Boxes: []games.Box{{Cards: []string{"Ah", "Kh", "7c", "7d", "3s"}}}})
	st.apply("draw:0:exchange", 6)
	if st.target != "b0.in" {
		t.Errorf("exchange targets %q; want b0.in", st.target)
	}
	st.apply("pick:Qs", 6)
	if got := noticeIn(st, i18n.Source); got != "Tick the cards exchanged under Box 1 first." {
		t.Errorf("drawing before ticking: notice %q", got)
	}
	st.in.Boxes[0].Draw.Out = []string{"7c", "3s"}
	st.apply("pick:Qs", 6)
	st.apply("pick:Qd", 6)
	if got := strings.Join(st.in.Boxes[0].Draw.In, " "); got != "Qs Qd" {
		t.Errorf("cards drawn %q", got)
	}
	// Taking back a box card also unticks it.
	st.apply("remove:b0.cards:4", 6)
	if got := strings.Join(st.in.Boxes[0].Draw.Out, " "); got != "7c" {
		t.Errorf("cards out after taking back the 3s: %q", got)
	}
	st.apply("draw:0:buy", 6)
	if st.in.Boxes[0].Draw == nil || len(st.in.Boxes[0].Draw.In) != 0 || st.target != "b0.buy" {
		t.Errorf("switching to a bought card: draw %+v, target %q", st.in.Boxes[0].Draw, st.target)
	}
	st.apply("draw:0:none", 6)
	if st.in.Boxes[0].Draw != nil || st.draws[0] != "" {
		t.Errorf("no draw: %+v %q", st.in.Boxes[0].Draw, st.draws[0])
	}
}

func testBook(t *testing.T) *rulebook.Book {
	t.Helper()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// noticeIn is st's notice about the last tap in language tag.
func noticeIn(st *checkRound, tag string) string {
	return say.Text(i18n.NewContext(context.Background(), i18n.Default().Localizer(tag)), st.notice)
}
