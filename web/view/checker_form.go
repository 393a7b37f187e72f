package view

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// checkRound is the hand checker's state between two requests: the round
// being entered, in SETTLE.md's form, and where the picker puts the next
// card. It travels in the form's fields, so the page needs no session state
// and works without JavaScript. It holds no game rule: the engine judges the
// round when it is settled.
type checkRound struct {
	in     games.Round
	target string      // the card place the picker fills
	draws  []string    // Lunar, per box: "", "buy" or "exchange" (chosen before its cards are)
	plays  []string    // UTH, per box: the Play chosen as a multiple ("4"…"1"), or "=35" for another amount
	notice say.Message // a word about the last tap ("That card is already in the round.")
}

// maxFormBoxes bounds the boxes a posted form may hold, above every table's
// size so that the engine, not the form, says a round has too many.
const maxFormBoxes = 12

// wagersOf are a game's wagers in SETTLE.md's order, which is also the order
// a box's stakes are entered in.
func wagersOf(game string) []string {
	switch game {
	case uth.Slug:
		return uth.Wagers
	case oracle.Slug:
		return oracle.Wagers
	case thrill.Slug:
		return thrill.Wagers
	case lunar.Slug:
		return lunar.Wagers
	}
	return nil
}

// readCheckRound reads the hand checker's form. Anything that is not what
// the form offers (an unknown game or house) falls back to the default, and
// text that is not a card or an amount is kept as typed, for the engine to
// name when the round is settled.
func readCheckRound(form url.Values, book *rulebook.Book, house string) *checkRound {
	game := form.Get("game")
	if _, ok := templates.GameLayouts[game]; !ok {
		game = uth.Slug
	}
	if h := form.Get("house"); h != "" {
		if _, ok := book.Houses[h]; ok {
			house = h
		}
	}
	l := templates.GameLayouts[game]
	st := &checkRound{target: form.Get("target")}
	st.in = games.Round{Game: game, House: house, Dealer: cardTexts(form.Get("dealer"))}
	if len(l.Board) > 0 {
		st.in.Board = cardTexts(form.Get("board"))
	}
	if l.DealerDraw {
		st.in.DealerDraw = oneCard(form.Get("dealer_draw"))
	}
	n, err := strconv.Atoi(form.Get("boxes"))
	if err != nil || n < 1 {
		n = 1
	}
	n = min(n, maxFormBoxes)
	for i := range n {
		st.readBox(form, l, i, n)
	}
	st.tidy()
	return st
}

// readBox reads box i of n.
func (st *checkRound) readBox(form url.Values, l templates.GameLayout, i, n int) {
	k := boxKey(i)
	get := func(name string) string { return strings.TrimSpace(form.Get(k + "." + name)) }
	b := games.Box{Cards: cardTexts(get("cards")), Wagers: map[string]json.Number{}}
	for _, w := range wagersOf(l.Game) {
		if v := get(w); v != "" && !(l.Game == uth.Slug && w == "play") {
			b.Wagers[w] = json.Number(v)
		}
	}
	play := ""
	if l.Game == uth.Slug {
		play = get("play")
		if v := playStake(play, b.Wagers["ante"]); v != "" {
			b.Wagers["play"] = json.Number(v)
		}
	}
	if l.Fold {
		b.Fold = get("fold") != ""
	}
	draw := ""
	switch l.Game {
	case oracle.Slug:
		b.FourthCard = get("fourth_card") != ""
		b.Exchanged, _ = strconv.Atoi(get("exchanged"))
	case thrill.Slug:
		b.Discards = canonical(form[k+".discards"])
	case lunar.Slug:
		b.Force = get("force") != ""
		switch draw = get("draw"); draw {
		case "buy":
			b.Draw = &games.Draw{Buy: oneCard(get("buy"))}
		case "exchange":
			b.Draw = &games.Draw{Out: canonical(form[k+".out"]), In: cardTexts(get("in"))}
		default:
			draw = ""
		}
		for _, on := range sideTargets(i, n) {
			if v := get("ms." + on.String()); v != "" {
				b.MultiSuper = append(b.MultiSuper, games.SideBet{On: on, Stake: json.Number(v)})
			}
		}
	}
	st.in.Boxes = append(st.in.Boxes, b)
	st.draws = append(st.draws, draw)
	st.plays = append(st.plays, play)
}

// playStake turns the Play chosen as a multiple of the Ante into the stake
// SETTLE.md writes: "4" with an Ante of 10 is 40; "=35" is 35. With no
// readable Ante there is no Play (the engine then names the Ante).
func playStake(choice string, ante json.Number) string {
	if v, ok := strings.CutPrefix(choice, "="); ok {
		return v
	}
	m, err := strconv.Atoi(choice)
	if err != nil || m < 1 || m > 4 {
		return ""
	}
	a, err := games.ParseMoney(string(ante))
	if err != nil || a <= 0 {
		return ""
	}
	return (a * games.Money(m)).String()
}

// playChoice is the Play of a loaded round as the form offers it.
func playChoice(play, ante json.Number) string {
	if play == "" {
		return ""
	}
	p, err1 := games.ParseMoney(string(play))
	a, err2 := games.ParseMoney(string(ante))
	if err1 == nil && err2 == nil && a > 0 && p%a == 0 && p/a >= 1 && p/a <= 4 {
		return strconv.Itoa(int(p / a))
	}
	return "=" + string(play)
}

// sideTargets are where box i of n may place Multi Super bets: every other
// box, then the dealer.
func sideTargets(i, n int) []games.Target {
	var out []games.Target
	for b := 1; b <= n; b++ {
		if b != i+1 {
			out = append(out, games.Target{Box: b})
		}
	}
	return append(out, games.Target{Dealer: true})
}

func boxKey(i int) string { return "b" + strconv.Itoa(i) }

// cardTexts splits typed cards ("As kd, 10h") into SETTLE.md cards, written
// canonically where they are cards ("As", "Kd", "Th") and as typed where not.
func cardTexts(s string) []string {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	return canonical(fields)
}

func canonical(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, f := range ss {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if c, err := cards.Parse(f); err == nil {
			f = c.String()
		}
		out = append(out, f)
	}
	return out
}

// oneCard is a place that holds one card: its text, canonical if a card.
func oneCard(s string) string { return strings.Join(cardTexts(s), " ") }

// fromRound is the form's state for a round loaded from SETTLE.md's JSON.
func fromRound(in *games.Round) *checkRound {
	st := &checkRound{in: *in}
	for i := range st.in.Boxes {
		b := &st.in.Boxes[i]
		if b.Wagers == nil {
			b.Wagers = map[string]json.Number{}
		}
		draw := ""
		if b.Draw != nil {
			draw = "exchange"
			if b.Draw.Buy != "" {
				draw = "buy"
			}
		}
		st.draws = append(st.draws, draw)
		st.plays = append(st.plays, playChoice(b.Wagers["play"], b.Wagers["ante"]))
	}
	st.tidy()
	return st
}

// place is somewhere cards go; its words are placeWords'.
type place struct {
	name     string
	hinted   bool // the place has a hint under its label
	capacity int
	required bool // a place every round fills; the picker moves through these
}

// places lists the round's card places in the order the picker fills them.
func (st *checkRound) places() []place {
	l := templates.GameLayouts[st.in.Game]
	ps := []place{{name: "dealer", capacity: l.DealerCards, required: true,
		hinted: st.in.Game == lunar.Slug || st.in.Game == thrill.Slug}} // the five as first dealt; all seven
	if len(l.Board) > 0 {
		ps = append(ps, place{name: "board", hinted: true, capacity: len(l.Board), required: true})
	}
	if l.DealerDraw {
		ps = append(ps, place{name: "dealer_draw", hinted: true, capacity: 1})
	}
	for i := range st.in.Boxes {
		k := boxKey(i)
		ps = append(ps, place{name: k + ".cards", capacity: l.BoxCards, required: true})
		switch st.draws[i] {
		case "buy":
			ps = append(ps, place{name: k + ".buy", capacity: 1})
		case "exchange":
			p := place{name: k + ".in", capacity: len(st.in.Boxes[i].Draw.Out)}
			p.hinted = p.capacity == 0 // tick the cards exchanged first
			ps = append(ps, p)
		}
	}
	return ps
}

// cardsAt returns the cards of the place called name.
func (st *checkRound) cardsAt(name string) []string {
	switch name {
	case "dealer":
		return st.in.Dealer
	case "board":
		return st.in.Board
	case "dealer_draw":
		return cardTexts(st.in.DealerDraw)
	}
	i, field, ok := st.boxPlace(name)
	if !ok {
		return nil
	}
	b := &st.in.Boxes[i]
	switch field {
	case "cards":
		return b.Cards
	case "buy":
		if b.Draw != nil {
			return cardTexts(b.Draw.Buy)
		}
	case "in":
		if b.Draw != nil {
			return b.Draw.In
		}
	}
	return nil
}

// setCards replaces the cards of the place called name.
func (st *checkRound) setCards(name string, cs []string) {
	switch name {
	case "dealer":
		st.in.Dealer = cs
		return
	case "board":
		st.in.Board = cs
		return
	case "dealer_draw":
		st.in.DealerDraw = strings.Join(cs, " ")
		return
	}
	i, field, ok := st.boxPlace(name)
	if !ok {
		return
	}
	b := &st.in.Boxes[i]
	switch field {
	case "cards":
		b.Cards = cs
	case "buy":
		if b.Draw != nil {
			b.Draw.Buy = strings.Join(cs, " ")
		}
	case "in":
		if b.Draw != nil {
			b.Draw.In = cs
		}
	}
}

// boxPlace splits "b2.cards" into box 2 and "cards".
func (st *checkRound) boxPlace(name string) (int, string, bool) {
	k, field, ok := strings.Cut(name, ".")
	if !ok || !strings.HasPrefix(k, "b") {
		return 0, "", false
	}
	i, err := strconv.Atoi(k[1:])
	if err != nil || i < 0 || i >= len(st.in.Boxes) || k != boxKey(i) {
		return 0, "", false
	}
	return i, field, true
}

// used is every card in the round, from every place.
func (st *checkRound) used() cards.Set {
	var s cards.Set
	for _, p := range st.places() {
		for _, t := range st.cardsAt(p.name) {
			if c, err := cards.Parse(t); err == nil {
				s = s.Add(c)
			}
		}
	}
	return s
}

// findPlace returns the place called name.
func (st *checkRound) findPlace(name string) (place, bool) {
	for _, p := range st.places() {
		if p.name == name {
			return p, true
		}
	}
	return place{}, false
}

// advance moves the picker to the next place every round fills that still
// has room, after the current one and then from the top; it stays put when
// every card is in.
func (st *checkRound) advance() {
	ps := st.places()
	at := slices.IndexFunc(ps, func(p place) bool { return p.name == st.target })
	for k := 1; k <= len(ps); k++ {
		p := ps[(at+k+len(ps))%len(ps)]
		if p.required && len(st.cardsAt(p.name)) < p.capacity {
			st.target = p.name
			return
		}
	}
}

// tidy keeps the state consistent after it is read or changed: the cards
// exchanged out and the discards are among the box's own cards, and the
// picker points at a place that exists.
func (st *checkRound) tidy() {
	for i := range st.in.Boxes {
		b := &st.in.Boxes[i]
		if b.Draw != nil && len(b.Draw.Out) > 0 {
			b.Draw.Out = keepIn(b.Draw.Out, b.Cards)
		}
		if len(b.Discards) > 0 {
			b.Discards = keepIn(b.Discards, b.Cards)
		}
	}
	if _, ok := st.findPlace(st.target); !ok {
		st.target = "dealer"
		if len(st.cardsAt("dealer")) >= templates.GameLayouts[st.in.Game].DealerCards {
			st.advance()
		}
	}
}

func keepIn(ss, in []string) []string {
	var out []string
	for _, s := range ss {
		if slices.Contains(in, s) {
			out = append(out, s)
		}
	}
	return out
}

// apply carries out one tap of the form (its op field). Settling and loading
// are the handler's; everything else changes only the form's state.
func (st *checkRound) apply(op string, maxBoxes int) {
	verb, arg, _ := strings.Cut(op, ":")
	switch verb {
	case "pick":
		st.pick(arg)
	case "target":
		if _, ok := st.findPlace(arg); ok {
			st.target = arg
		}
	case "remove":
		name, idx, _ := strings.Cut(arg, ":")
		k, err := strconv.Atoi(idx)
		cs := st.cardsAt(name)
		if err == nil && k >= 0 && k < len(cs) {
			st.setCards(name, slices.Delete(slices.Clone(cs), k, k+1))
			st.target = name
		}
	case "addbox":
		if len(st.in.Boxes) < maxBoxes {
			st.in.Boxes = append(st.in.Boxes, games.Box{Wagers: map[string]json.Number{}})
			st.draws = append(st.draws, "")
			st.plays = append(st.plays, "")
			st.target = boxKey(len(st.in.Boxes)-1) + ".cards"
		}
	case "removebox":
		if i, err := strconv.Atoi(arg); err == nil {
			st.removeBox(i)
		}
	case "draw":
		si, kind, _ := strings.Cut(arg, ":")
		if i, err := strconv.Atoi(si); err == nil && i >= 0 && i < len(st.in.Boxes) {
			st.setDraw(i, kind)
		}
	case "clear":
		for _, p := range st.places() {
			st.setCards(p.name, nil)
		}
		for i := range st.in.Boxes {
			if d := st.in.Boxes[i].Draw; d != nil {
				d.Out = nil
			}
			st.in.Boxes[i].Discards = nil
		}
		st.target = "dealer"
	}
	st.tidy()
}

// pick puts card code in the place the picker points at.
func (st *checkRound) pick(code string) {
	c, err := cards.Parse(code)
	if err != nil {
		st.notice = say.Msg("hc.notice.not_card", "Text", strconv.Quote(code))
		return
	}
	if c == cards.Joker && st.in.Game != thrill.Slug {
		st.notice = say.Msg("hc.notice.joker")
		return
	}
	if st.used().Has(c) {
		// English names the card in words; the others write it as the
		// screen draws it (Q♥), which needs no grammar.
		st.notice = say.Msg("hc.notice.in_round", "Card", say.WordOf(func(ctx context.Context) string {
			if i18n.FromContext(ctx).Lang() == i18n.Source {
				return c.Name()
			}
			return cardText(c.String())
		}))
		return
	}
	p, ok := st.findPlace(st.target)
	if !ok {
		st.notice = say.Msg("hc.notice.tap_place")
		return
	}
	cs := st.cardsAt(p.name)
	game := st.in.Game
	if len(cs) >= p.capacity {
		label, hint := placeMessages(game, p)
		if p.capacity == 0 && hint.ID != "" {
			st.notice = hint
		} else {
			st.notice = say.Msg("hc.notice.full", "Place", say.WordOf(func(ctx context.Context) string { return say.Text(ctx, label) }))
		}
		return
	}
	st.setCards(p.name, append(slices.Clone(cs), c.String()))
	if len(cs)+1 >= p.capacity {
		st.advance()
	}
}

// removeBox takes box i off the table; the Multi Super bets on it go with it
// and those on later boxes follow their box's new number.
func (st *checkRound) removeBox(i int) {
	if i < 0 || i >= len(st.in.Boxes) || len(st.in.Boxes) == 1 {
		return
	}
	st.in.Boxes = slices.Delete(st.in.Boxes, i, i+1)
	st.draws = slices.Delete(st.draws, i, i+1)
	st.plays = slices.Delete(st.plays, i, i+1)
	for k := range st.in.Boxes {
		b := &st.in.Boxes[k]
		var side []games.SideBet
		for _, sb := range b.MultiSuper {
			switch {
			case !sb.On.Dealer && sb.On.Box == i+1:
				continue
			case !sb.On.Dealer && sb.On.Box > i+1:
				sb.On.Box--
			}
			side = append(side, sb)
		}
		b.MultiSuper = side
	}
	st.target = ""
}

// setDraw records Lunar box i's draw option and points the picker at its cards.
func (st *checkRound) setDraw(i int, kind string) {
	b := &st.in.Boxes[i]
	switch kind {
	case "buy":
		b.Draw = &games.Draw{}
		st.target = boxKey(i) + ".buy"
	case "exchange":
		b.Draw = &games.Draw{}
		st.target = boxKey(i) + ".in"
	default:
		kind = ""
		b.Draw = nil
	}
	st.draws[i] = kind
}

// controlFor maps an engine error's field path (SETTLE.md's, as in
// "boxes[1].wagers.blind") to the form control that entered it ("b1.blind").
// A path deeper than any control maps to the nearest one above it; "" is a
// path no control of the form entered.
func controlFor(path string, in *games.Round) string {
	switch path {
	case "dealer", "board", "dealer_draw", "house", "boxes":
		return path
	}
	rest, ok := strings.CutPrefix(path, "boxes[")
	if !ok {
		return ""
	}
	idx, after, ok := strings.Cut(rest, "]")
	i, err := strconv.Atoi(idx)
	if !ok || err != nil || i < 0 || i >= len(in.Boxes) {
		return ""
	}
	k := boxKey(i)
	after = strings.TrimPrefix(after, ".")
	switch {
	case after == "":
		return k
	case slices.Contains([]string{"cards", "fold", "fourth_card", "exchanged", "force", "discards", "draw", "wagers", "multi_super"}, after):
		return k + "." + after
	case strings.HasPrefix(after, "wagers."):
		if w := after[len("wagers."):]; slices.Contains(wagersOf(in.Game), w) {
			return k + "." + w
		}
		return k + ".wagers"
	case after == "draw.buy":
		return k + ".buy"
	case after == "draw.out":
		return k + ".out"
	case after == "draw.in":
		return k + ".in"
	case strings.HasPrefix(after, "multi_super["):
		idx, _, _ := strings.Cut(after[len("multi_super["):], "]")
		j, err := strconv.Atoi(idx)
		if err == nil && j >= 0 && j < len(in.Boxes[i].MultiSuper) {
			return k + ".ms." + in.Boxes[i].MultiSuper[j].On.String()
		}
		return k + ".multi_super"
	}
	return k
}
