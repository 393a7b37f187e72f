package say

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The names many pages share. The catalogue content/i18n/staff holds them;
// each English entry repeats the word the code or the rules content says
// (TestNamesAgree), and a name the catalogue lacks (a level a new
// drills.toml adds) falls back to the content's English, never to an id.

// Game names the game slug: proper names stay as the layout prints them
// unless the catalogue says otherwise.
func Game(ctx context.Context, slug string) string { return lookup(loc(ctx), "game."+slug, slug) }

// GameWord is the game slug as a Word.
func GameWord(slug string) Word {
	return wordFunc(func(ctx context.Context) string { return Game(ctx, slug) })
}

// Level is the title of drill level lv.
func Level(ctx context.Context, lv drills.Level) string {
	return lookup(loc(ctx), "level."+strconv.Itoa(lv.Level), lv.Title)
}

// Kind names a drill kind (or trainer.KindMixed): "Payouts", "Pagamenti".
func Kind(ctx context.Context, k string) string { return lookup(loc(ctx), "kind."+k, k) }

// KindHint says in a few words what a kind of drill asks; "" for none.
func KindHint(ctx context.Context, k string) string { return lookup(loc(ctx), "kind_hint."+k, "") }

// Mode names a mode of practice: "Timed", "A tempo".
func Mode(ctx context.Context, m trainer.Mode) string {
	return lookup(loc(ctx), "mode."+string(m), m.Label())
}

// ModeWord is mode m as a Word.
func ModeWord(m trainer.Mode) Word {
	return wordFunc(func(ctx context.Context) string { return Mode(ctx, m) })
}

// ModeHint says how a mode of practice goes; "" for the exam.
func ModeHint(ctx context.Context, m trainer.Mode) string {
	return lookup(loc(ctx), "mode_hint."+string(m), "")
}

// Role names a role (trainer.Role's Label in English).
func Role(ctx context.Context, r trainer.Role) string {
	return lookup(loc(ctx), "role."+string(r), r.Label())
}

// Step names what a certification waits for (eval.Step's Label in English).
func Step(ctx context.Context, st eval.Step) string {
	return lookup(loc(ctx), "step."+string(st), st.Label())
}

// CertEvent names a certification record (trainer.CertEventKind's Label
// in English).
func CertEvent(ctx context.Context, k trainer.CertEventKind) string {
	return lookup(loc(ctx), "cert_event."+string(k), k.Label())
}

// CertState is eval's certification state (eval.CertState.Label's English).
func CertState(ctx context.Context, s eval.CertState) string {
	return lookup(loc(ctx), "cert.state_"+string(s), s.Label())
}

// TableResult names the result of a table test as the file's form offers it.
func TableResult(ctx context.Context, k trainer.CertEventKind) string {
	switch k {
	case trainer.EventTablePass:
		return T(ctx, "file.pass")
	case trainer.EventTableFail:
		return T(ctx, "file.fail")
	case trainer.EventTableRetest:
		return T(ctx, "file.retest")
	}
	return string(k)
}

// Stage names eval's stage of a skill.
func Stage(ctx context.Context, s eval.Stage) string {
	switch s {
	case eval.StageNew, eval.StageLearning, eval.StagePractised, eval.StageMastered:
		return T(ctx, "progress.stage_"+string(s))
	}
	return string(s)
}

// Verdict says whether an answer was right: "Right" or "Wrong".
func Verdict(ctx context.Context, right bool) string {
	if right {
		return T(ctx, "verdict.right")
	}
	return T(ctx, "verdict.wrong")
}

// Wager is wager w of game as the felt names it: the catalogue's
// "wager.<id>" (the games' stable wager ids, never the English title),
// else drills.WagerTitle's English for a wager the catalogues lack
// (TestLanguageWagerNames keeps them complete).
func Wager(ctx context.Context, game, w string) string {
	return lookup(loc(ctx), "wager."+w, drills.WagerTitle(game, w))
}

// EdgeWager names a wager of the pay-tables page (edge_wager.<game>.<name>;
// edge's Title in English).
func EdgeWager(ctx context.Context, w edge.Wager) string {
	return lookup(loc(ctx), "edge_wager."+w.Game+"."+w.Name, w.Title)
}

// Row names a pay-table row (content/i18n/hands: row.<key>, edge.RowName's
// English).
func Row(ctx context.Context, key string) string {
	return lookup(loc(ctx), "row."+key, edge.RowName(key))
}

// Language is a language as its own speakers write it: "Italiano".
func Language(tag string) string {
	for _, l := range i18n.Offered {
		if l.Tag == tag {
			return l.Name
		}
	}
	return tag
}

// UpperFirst writes s with a capital, by rune, not byte: a Russian row's
// name (флеш) is capitalised whole.
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// english reports whether ctx speaks the source language itself (not the
// pseudo-locale): some words keep the engine's own English there.
func english(ctx context.Context) bool { return loc(ctx).Tag() == i18n.Source }

// joinWords is parts joined by " · ".
func joinWords(parts ...string) string { return strings.Join(parts, " · ") }

// CertSince is the date a certification's state began: "since 3 Mar 2026";
// "" when it has none.
func CertSince(ctx context.Context, st eval.CertStatus) string {
	if st.Since.IsZero() {
		return ""
	}
	return T(ctx, "cert.since", "Date", Date(ctx, st.Since))
}

// CertBlocked says why the exam of st cannot start now (eval.Certification's
// st.Blocked, case for case in its switch's order, from the status's own
// fields); "" when the exam may start. A case eval adds later reads as its
// English sentence until it has words here.
func CertBlocked(ctx context.Context, st eval.CertStatus, p rulebook.Policy) string {
	switch {
	case st.Blocked == "":
		return ""
	case st.State == eval.StateCertified:
		return T(ctx, "cert.blocked_certified", "Until", Date(ctx, st.Expires), "Opens", Date(ctx, eval.DueFrom(st.Expires, p)))
	case st.PendingExam != nil:
		return T(ctx, "cert.blocked_passed")
	case st.NeedsAllowance:
		return T(ctx, "cert.blocked_sittings", "Count", 1+p.Retakes)
	case !st.NextExamAt.IsZero():
		return T(ctx, "cert.blocked_wait", "At", DateTime(ctx, st.NextExamAt), "Count", p.RetakeWaitHours)
	case st.RefresherRequired && st.State == eval.StateRevoked:
		return T(ctx, "cert.blocked_refresher_revoked")
	case st.RefresherRequired:
		return T(ctx, "cert.blocked_refresher_expired")
	}
	return st.Blocked
}
