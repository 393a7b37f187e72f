package view

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// chipSet is the house's chips as the templates draw them.
func chipSet(h *rulebook.House) []templates.Chip {
	out := make([]templates.Chip, len(h.Chips))
	for i, c := range h.Chips {
		out[i] = templates.Chip{Value: c.Value, Label: c.Label, Colour: c.Colour, Pattern: c.Pattern}
	}
	return out
}

// maxBoxes is how many boxes the house's table for game has.
func maxBoxes(h *rulebook.House, game string) int {
	switch game {
	case uth.Slug:
		return h.UTH.MaxBoxes
	case oracle.Slug:
		return h.Oracle.MaxBoxes
	case thrill.Slug:
		return h.Thrill.MaxPlayerBoxes
	case lunar.Slug:
		return h.Lunar.MaxBoxes
	}
	return 1
}

// checkerURL is the hand checker opened on game at house.
func checkerURL(game, house, defaultHouse string) string {
	q := url.Values{"game": {game}}
	if house != defaultHouse {
		q.Set("house", house)
	}
	return templates.HandCheckerURL + "?" + q.Encode()
}

// checkerForm builds the hand checker's view: st as entered, errs on its
// controls, and the settlement s when the round was settled.
func (k *Kiosk) checkerForm(l *i18n.Localizer, st *checkRound, h *rulebook.House, errs templates.Errors, res *games.Settlement) templates.HandCheckerForm {
	game := st.in.Game
	f := templates.HandCheckerForm{
		Game:      game,
		House:     h.Name,
		Target:    st.target,
		Notice:    st.notice,
		CanAddBox: len(st.in.Boxes) < maxBoxes(h, game),
	}
	for _, slug := range rulebook.GameSlugs {
		name := templates.GameLayouts[slug].Name
		if g, ok := k.Book.Games[slug]; ok {
			name = g.Name
		}
		f.Games = append(f.Games, templates.GameTab{Slug: slug, Name: name,
			URL: checkerURL(slug, h.Name, k.House.Name), Current: slug == game})
	}
	for _, n := range k.Book.HouseNames() {
		f.Houses = append(f.Houses, templates.Option{Value: n, Label: k.Book.Houses[n].Title, Selected: n == h.Name})
	}
	for _, p := range st.places() {
		cs := st.cardsAt(p.name)
		label, hint := placeWords(l, game, p)
		cp := templates.CardPlace{Name: p.name, Label: label, Hint: hint, Capacity: max(p.capacity, len(cs)),
			Targeted: p.name == st.target, Text: strings.Join(cs, " "), Error: errs[p.name]}
		for _, t := range cs {
			cp.Cards = append(cp.Cards, templates.CardOf(t))
		}
		if p.capacity == 0 {
			cp.Capacity = len(cs)
		}
		f.Places = append(f.Places, cp)
	}
	f.Picker = picker(l, game, st.used())
	for i := range st.in.Boxes {
		f.Boxes = append(f.Boxes, boxForm(l, st, i, h, errs))
	}
	f.BoxesError = errs["boxes"]
	if res != nil {
		words := k.settleWords(l, game, h.Name)
		if words.Hand != nil {
			in := st.in // the round as settled, for 7 Card Thrill's five kept
			words.BoxHand = func(box int, _ []cards.Card, _ string) string {
				return drills.BoxHandIn(l.Lang(), k.Book, &in, res, box)
			}
		}
		t := templates.NewTableIn(l, &st.in, chipSet(h))
		t.SettleIn(res, words)
		f.Table = &t
		f.Result = templates.NewResultIn(res, words)
		for i, b := range res.Boxes {
			for j, w := range b.Wagers {
				f.Result.Boxes[i].Wagers[j].Rule = k.checkerCitation(l.Lang(), h, game, w.Rule)
			}
		}
	}
	return f
}

// settleWords says a settlement of game at house in l's language: the
// hands, reasons and pay-table rows as the drills say them (from the
// engine's message ids), the notes on the dealer from the checker's
// catalogue. English keeps the engine's own words for the hands, reasons
// and notes; a pay-table row is said as the drills say it in every
// language, English too, since the engine's row names the table by its
// rules-file name.
func (k *Kiosk) settleWords(l *i18n.Localizer, game, house string) templates.SettleWords {
	w := templates.SettleWords{Loc: l, Wager: func(wager string, on *games.Target) string {
		return checkerWagerNameIn(l, game, wager, on)
	}}
	w.Row = func(row string) string { return drills.RowIn(l, row) }
	if l.Lang() == i18n.Source {
		return w
	}
	w.Hand = func(best []cards.Card, english string) string {
		return drills.HandIn(l.Lang(), k.Book, game, house, best, english)
	}
	w.Reason = func(english string, why games.Why) string { return drills.ReasonIn(l, english, why) }
	w.Note = func(note string) string { return dealerNoteIn(l, note) }
	return w
}

// picker is every card of game's deck, a suit a row (spades, hearts,
// diamonds, clubs: red and black alternate), ace first; the joker for 7 Card
// Thrill. A card already in the round cannot be picked again.
func picker(l *i18n.Localizer, game string, used cards.Set) []templates.PickerRow {
	var rows []templates.PickerRow
	for _, s := range []cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs} {
		row := templates.PickerRow{Label: lookup(l, "hc.suit."+s.Name(), s.Name())}
		for r := cards.Ace; ; r-- {
			c := cards.New(r, s)
			row.Cards = append(row.Cards, templates.PickerCard{Card: templates.NewCard(c), Used: used.Has(c)})
			if r == cards.Two {
				break
			}
		}
		rows = append(rows, row)
	}
	if game == thrill.Slug {
		rows = append(rows, templates.PickerRow{Label: l.T("hc.suit.joker"), Cards: []templates.PickerCard{
			{Card: templates.NewCard(cards.Joker), Used: used.Has(cards.Joker)}}})
	}
	return rows
}

// placeWords is a place's label and hint in l's language (placeMessages).
func placeWords(l *i18n.Localizer, game string, p place) (label, hint string) {
	ctx := i18n.NewContext(context.Background(), l)
	lm, hm := placeMessages(game, p)
	return say.Text(ctx, lm), say.Text(ctx, hm)
}

// placeMessages are a place's label and its hint ("" when it has none),
// from the catalogue (checkplace.*).
func placeMessages(game string, p place) (label, hint say.Message) {
	switch p.name {
	case "dealer":
		label, hint = say.Msg("checkplace.dealer"), say.Msg("checkplace.dealer_hint_"+game)
	case "board":
		label, hint = say.Msg("checkplace.board"), say.Msg("checkplace.board_hint")
		if game == oracle.Slug {
			hint = say.Msg("checkplace.board_hint_oracle")
		}
	case "dealer_draw":
		label, hint = say.Msg("checkplace.dealer_draw"), say.Msg("checkplace.dealer_draw_hint")
	default:
		box, what, _ := strings.Cut(strings.TrimPrefix(p.name, "b"), ".")
		n, err := strconv.Atoi(box)
		if err != nil {
			return say.Name(p.name), say.Message{}
		}
		n++
		switch what {
		case "buy":
			label = say.Msg("checkplace.box_sixth", "N", n)
		case "in":
			label, hint = say.Msg("checkplace.box_drawn", "N", n), say.Msg("checkplace.box_drawn_hint", "N", n)
		default:
			label = say.Msg("checkplace.box", "N", n)
		}
	}
	if !p.hinted {
		hint = say.Message{}
	}
	return label, hint
}

// boxForm is box i's wagers and actions as the form shows them.
func boxForm(l *i18n.Localizer, st *checkRound, i int, h *rulebook.House, errs templates.Errors) templates.BoxForm {
	game := st.in.Game
	b := &st.in.Boxes[i]
	k := boxKey(i)
	bf := templates.BoxForm{Index: i, Number: i + 1, Removable: len(st.in.Boxes) > 1,
		Error: errs[k], WagersError: errs[k+".wagers"], SideError: errs[k+".multi_super"]}
	stake := func(w, hint string) templates.Control {
		label := checkerWagerName(game, w, nil)
		if l.Tag() != i18n.Source {
			label = lookup(l, "wager."+w, label) // the felt's name of the wager
		}
		return templates.Control{Name: k + "." + w, Label: label, Kind: "stake",
			Value: string(b.Wagers[w]), Error: errs[k+"."+w], Hint: hint}
	}
	check := func(name, label string, on bool) templates.Control {
		return templates.Control{Name: k + "." + name, Label: label, Kind: "check", Checked: on, Error: errs[k+"."+name]}
	}
	switch game {
	case uth.Slug:
		bf.Controls = append(bf.Controls, stake("ante", ""), stake("blind", l.T("checkbox.blind_hint")),
			playControl(l, k, st.plays[i], b, errs), stake("trips", ""),
			stake("progressive", progressiveHint(l, h.UTH)), check("fold", l.T("checkbox.folded"), b.Fold))
	case oracle.Slug:
		bf.Controls = append(bf.Controls, stake("ante", ""),
			stake("bet", l.T("checkbox.bet_oracle", "N", fmt.Sprint(h.Oracle.BetMultiple))),
			check("fourth_card", l.T("checkbox.fourth_card"), b.FourthCard), exchangedControl(l, k, b.Exchanged, errs),
			check("fold", l.T("checkbox.folded"), b.Fold))
	case thrill.Slug:
		for _, w := range thrill.Wagers {
			bf.Controls = append(bf.Controls, stake(w, ""))
		}
		bf.Discards = cardChecks(l, k+".discards", l.T("checkbox.discards"), b.Cards, b.Discards, errs)
		if h.Thrill.CardsSpeak {
			bf.Discards.Hint = l.T("checkbox.discards_optional")
		} else {
			bf.Discards.Hint = l.T("checkbox.discards_required")
			bf.Discards.Open = true
		}
	case lunar.Slug:
		bf.Controls = append(bf.Controls, stake("ante", ""), stake("super", ""),
			stake("bet", l.T("checkbox.bet_lunar", "N", fmt.Sprint(h.Lunar.BetMultiple))),
			check("fold", l.T("checkbox.folded"), b.Fold), check("force", l.T("checkbox.force"), b.Force))
		bf.Draw = &templates.Control{Name: k + ".draw", Label: l.T("checkbox.draw"), Kind: "choice", Value: st.draws[i], Error: errs[k+".draw"],
			Options: []templates.Option{
				{Value: "none", Label: l.T("checkbox.no_draw"), Selected: st.draws[i] == ""},
				{Value: "buy", Label: l.T("checkbox.bought_sixth"), Selected: st.draws[i] == "buy"},
				{Value: "exchange", Label: l.T("checkbox.exchanged_cards"), Selected: st.draws[i] == "exchange"},
			}}
		if st.draws[i] == "exchange" {
			var out []string
			if b.Draw != nil {
				out = b.Draw.Out
			}
			bf.Out = cardChecks(l, k+".out", l.T("checkbox.exchanged_out"), b.Cards, out, errs)
			bf.Out.Open = true
			bf.Out.Hint = l.T("checkbox.out_hint", "Min", fmt.Sprint(h.Lunar.ExchangeMin), "Max", fmt.Sprint(h.Lunar.ExchangeMax))
		}
		for _, on := range sideTargets(i, len(st.in.Boxes)) {
			if (on.Dealer && !h.Lunar.DealerSuperEnabled) || (!on.Dealer && !h.Lunar.MultiSuperEnabled) {
				continue
			}
			label := l.T("checkbox.multi_super_on", "Box", on.String())
			if on.Dealer {
				label = l.T("wager.dealer_super")
			}
			name := k + ".ms." + on.String()
			c := templates.Control{Name: name, Label: label, Kind: "stake", Error: errs[name]}
			for _, sb := range b.MultiSuper {
				if sb.On == on {
					c.Value = string(sb.Stake)
				}
			}
			bf.Side = append(bf.Side, c)
		}
	}
	return bf
}

// playControl is UTH's Play, chosen as a multiple of the Ante.
func playControl(l *i18n.Localizer, k, choice string, b *games.Box, errs templates.Errors) templates.Control {
	ante, err := games.ParseMoney(string(b.Wagers["ante"]))
	amount := func(m int) string {
		if err != nil || ante <= 0 {
			return ""
		}
		return " (" + templates.Amount(ante*games.Money(m)) + ")"
	}
	c := templates.Control{Name: k + ".play", Label: l.T("wager.play"), Kind: "select", Error: errs[k+".play"],
		Options: []templates.Option{{Value: "", Label: l.T("checkbox.no_play"), Selected: choice == ""}}}
	for _, o := range []struct {
		m    int
		when string
	}{{4, l.T("checkbox.preflop")}, {3, l.T("checkbox.preflop")}, {2, l.T("checkbox.on_flop")}, {1, l.T("checkbox.on_river")}} {
		v := strconv.Itoa(o.m)
		c.Options = append(c.Options, templates.Option{Value: v,
			Label: l.T("checkbox.play_option", "N", v, "Amount", amount(o.m), "When", o.when), Selected: choice == v})
	}
	if len(choice) > 1 && choice[0] == '=' {
		c.Options = append(c.Options, templates.Option{Value: choice, Label: l.T("checkbox.as_loaded", "Play", choice[1:]), Selected: true})
	}
	return c
}

// exchangedControl is Texas Oracle's number of hole cards exchanged.
func exchangedControl(l *i18n.Localizer, k string, n int, errs templates.Errors) templates.Control {
	c := templates.Control{Name: k + ".exchanged", Label: l.T("checkbox.hole_exchanged"), Kind: "select", Error: errs[k+".exchanged"]}
	values := []int{0, 1, 2}
	if !slices.Contains(values, n) {
		values = append(values, n)
	}
	for _, v := range values {
		label := l.T("checkbox.none")
		if v > 0 {
			label = strconv.Itoa(v)
		}
		c.Options = append(c.Options, templates.Option{Value: strconv.Itoa(v), Label: label, Selected: v == n})
	}
	return c
}

func progressiveHint(l *i18n.Localizer, s *uth.Settings) string {
	if !s.ProgressiveEnabled {
		return l.T("checkbox.no_progressive")
	}
	return l.T("checkbox.progressive_fixed", "Amount", templates.Amount(s.ProgressiveStake))
}

// cardChecks are tick boxes over a box's cards.
func cardChecks(l *i18n.Localizer, name, label string, hand, ticked []string, errs templates.Errors) *templates.CardChecks {
	cc := &templates.CardChecks{Name: name, Label: label, Error: errs[name],
		Prompt: l.T("checkbox.pick_first"), Open: len(ticked) > 0 || errs[name] != ""}
	for _, t := range hand {
		c, err := cards.Parse(t)
		if err != nil {
			continue
		}
		cc.Cards = append(cc.Cards, templates.CardCheck{Card: templates.NewCard(c), Checked: slices.Contains(ticked, c.String())})
	}
	return cc
}

// The hand checker's page carries its state in its form, not in a session
// (checkRound): a handler reads it (ReadChecker), carries out the tap
// (Apply), settles the round through the engine, and shows the form again
// (Kiosk.Checker).

// CheckerState is the hand checker's state as a request's form carries it.
type CheckerState struct{ st *checkRound }

// ReadChecker reads the hand checker's form: the round entered at house (a
// house of book; the kiosk's when the form names none or another).
func ReadChecker(form url.Values, book *rulebook.Book, house string) CheckerState {
	return CheckerState{readCheckRound(form, book, house)}
}

// LoadedChecker is the state of a round pasted in SETTLE.md's JSON.
func LoadedChecker(in *games.Round) CheckerState { return CheckerState{fromRound(in)} }

// ReadLoad reads a round pasted in SETTLE.md's JSON (the form's load
// field, op=load) over the form's state st. It returns the state to show
// and the round to settle: a round that names no house is at st's house,
// and a game the form cannot lay out leaves the form as it was (the
// engine names the game). A text that cannot be read returns the option
// that says why, and no round.
func ReadLoad(text string, st CheckerState) (CheckerState, *games.Round, CheckerOption) {
	text = strings.TrimSpace(text)
	var in games.Round
	if err := settle.Decode([]byte(text), &in); err != nil {
		return st, nil, WithLoadError(err, text)
	}
	if in.House == "" {
		in.House = st.Round().House
	}
	if _, ok := templates.GameLayouts[in.Game]; !ok {
		return st, &in, nil
	}
	return LoadedChecker(&in), &in, nil
}

// Round is the round entered, in SETTLE.md's form.
func (c CheckerState) Round() *games.Round { return &c.st.in }

// Apply carries out one tap of the form (its op field) at house h.
func (c CheckerState) Apply(op string, h *rulebook.House) { c.st.apply(op, maxBoxes(h, c.st.in.Game)) }

// CheckerOption adjusts the form's view before it is rendered.
type CheckerOption func(ctx context.Context, f *templates.HandCheckerForm)

// Checker is the hand checker's form for state c at house h, with errs on
// its controls and the settlement res when the round was settled.
func (k *Kiosk) Checker(ctx context.Context, c CheckerState, h *rulebook.House, errs templates.Errors, res *games.Settlement,
	opts ...CheckerOption) templates.HandCheckerForm {
	f := k.checkerForm(i18n.FromContext(ctx), c.st, h, errs, res)
	for _, o := range opts {
		o(ctx, &f)
	}
	return f
}

// RefusalErrors put the engine's refusal fe of round in on the control
// that entered it, in the reader's words.
func RefusalErrors(ctx context.Context, fe *games.FieldError, in *games.Round) templates.Errors {
	errs := templates.Errors{}
	if c := controlFor(fe.Field, in); c != "" {
		errs[c], _ = checkerWordsIn(i18n.FromContext(ctx), fe, in.Game)
	}
	return errs
}

// WithRefusal says why round in was not settled, linked to its control.
func WithRefusal(fe *games.FieldError, in *games.Round) CheckerOption {
	return func(ctx context.Context, f *templates.HandCheckerForm) {
		_, f.Problem = checkerWordsIn(i18n.FromContext(ctx), fe, in.Game)
		switch c := controlFor(fe.Field, in); {
		case c == "" || c == "house" && len(f.Houses) < 2:
		case c == "boxes":
			f.ProblemID = "hc-boxes"
		case strings.HasSuffix(c, ".wagers") || strings.HasSuffix(c, ".multi_super"):
			f.ProblemID = templates.FieldID(strings.Split(c, ".")[0])
		default:
			f.ProblemID = templates.FieldID(c)
		}
	}
}

// WithLoadError shows, as the reason the round was not settled, why a
// posted round line (op=load: a developer's door, linked from no page)
// could not be read: the reader's own sentence in English, quoted in
// another language.
func WithLoadError(err error, _ string) CheckerOption {
	return func(ctx context.Context, f *templates.HandCheckerForm) {
		f.Problem = err.Error()
		if l := i18n.FromContext(ctx); l.Lang() != i18n.Source {
			f.Problem = l.T("hc.refuse.load", "Engine", strings.TrimSuffix(err.Error(), "."))
		}
	}
}
