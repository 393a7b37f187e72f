package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// exportFile prints dealer u's complete file in l's language: identity and
// the verification code, a section per game of the house (authorisation,
// programme version and freshness, hours against the minimum, exams, table
// tests with their checklist and signer, entered table hours), then the
// topics outside the games. Plain text, one line a fact: it prints on A4
// as it is. Every word comes from content/i18n/records.
func exportFile(ctx context.Context, out io.Writer, db trainer.Store, h *rulebook.House, u *trainer.User, l *i18n.Localizer) error {
	code, err := db.DealerFileCode(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	measured, err := db.MeasuredTime(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	hours, err := db.ListTableHours(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	tests, err := db.ListTableTests(ctx, u.ID, "")
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	exams, err := db.ListExams(ctx, trainer.ExamFilter{UserID: u.ID, Finished: true})
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	topics, err := db.ListTopicCompletions(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("records export: %w", err)
	}
	now := db.Clock()
	p := func(id string, args ...any) { fmt.Fprintln(out, l.T(id, args...)) }
	heading := func(s string) { fmt.Fprintf(out, "\n%s\n%s\n", s, strings.Repeat("=", len([]rune(s)))) }
	sub := func(s string) { fmt.Fprintf(out, "\n%s\n", s) }

	title := l.T("records.file.title", "Name", u.Name)
	fmt.Fprintf(out, "%s\n%s\n", title, strings.Repeat("=", len([]rune(title))))
	if u.Badge != "" {
		p("records.file.badge", "Badge", u.Badge)
	} else {
		p("records.file.no_badge")
	}
	if u.Active {
		p("records.file.active")
	} else {
		p("records.file.inactive")
	}
	p("records.file.printed", "Day", l.Date(now), "Code", code.String())
	p("records.file.verify")

	for _, g := range records.Games(h) {
		heading(l.T("game." + g))
		rec, err := db.FindCertRecord(ctx, u.ID, g)
		if err != nil {
			return fmt.Errorf("records export: %w", err)
		}
		std := h.Certification[g]
		a := records.Authorise(rec, std.Policy, now)
		switch {
		case a.MayDeal:
			p("records.file.authorised", "Since", l.Date(a.Grant.At), "Signer", a.Grant.Actor, "Until", l.Date(a.Expires))
		case a.Ending == records.EndNotGiven && len(rec.Events) == 0:
			p("records.file.new_game")
		default:
			p("records.file.not_authorised", "Why", l.T("records.ending."+string(a.Ending)))
			if a.Ended != nil && a.Ended.Notes != "" {
				p("records.file.reason", "Reason", a.Ended.Notes)
			}
		}
		vs, err := db.ListProgrammeVersions(ctx, g)
		if err != nil {
			return fmt.Errorf("records export: %w", err)
		}
		if approved := records.DealerProgramme(vs, tests, g); approved != nil {
			p("records.file.programme", "Number", approved.Number, "Day", l.Date(approved.ApprovedAt))
		} else {
			p("records.file.programme_none")
		}
		if first := records.Completion(rec); first != nil {
			p("records.file.completed", "Day", l.Date(first.At))
			if records.Stale(first.At, h.Records.FreshnessYears, now) {
				p("records.file.stale", "Years", h.Records.FreshnessYears)
			}
		}
		pr := records.HoursIn(g, h.Programmes[g].MinimumHours, measured, hours)
		p("records.file.hours", "Measured", duration(l, pr.Measured), "Entered", duration(l, pr.Entered),
			"Total", duration(l, pr.Total()), "Minimum", duration(l, pr.Minimum), "Percent", pr.Percent())

		sub(l.T("records.file.exams"))
		n := 0
		for _, ex := range exams {
			if ex.Game != g {
				continue
			}
			n++
			if ex.Passed {
				p("records.file.exam_passed", "Day", l.Date(ex.FinishedAt))
			} else {
				p("records.file.exam_failed", "Day", l.Date(ex.FinishedAt))
			}
		}
		if n == 0 {
			p("records.file.none")
		}

		sub(l.T("records.file.table_tests"))
		n = 0
		for _, t := range tests {
			if t.Event.Game != g {
				continue
			}
			n++
			result := map[trainer.CertEventKind]string{trainer.EventTablePass: "records.file.result_pass",
				trainer.EventTableFail: "records.file.result_fail", trainer.EventTableRetest: "records.file.result_retest"}[t.Event.Kind]
			line := l.T("records.file.table_test", "Day", l.Date(t.Event.At), "Result", l.T(result), "Signature", t.Signature, "Signer", t.Event.Actor)
			if !t.HasSheet() {
				// Recorded before checklists: no typed signature, the signer's name.
				line = l.T("records.file.table_test", "Day", l.Date(t.Event.At), "Result", l.T(result), "Signature", t.Event.Actor, "Signer", t.Event.Actor)
			}
			if t.Retest {
				line += " " + l.T("records.file.retest")
			}
			fmt.Fprintln(out, line)
			for _, it := range t.Items {
				fmt.Fprintln(out, "  - "+l.T("records.file.item", "Item", itemTitle(l, h.Programmes[g], it.Item), "Result", l.T("records.file.item_"+string(it.Result))))
			}
			if t.Event.Notes != "" {
				fmt.Fprintln(out, "  "+t.Event.Notes)
			}
		}
		if n == 0 {
			p("records.file.none")
		}

		sub(l.T("records.file.table_hours"))
		n = 0
		for _, th := range hours {
			if th.Game != g {
				continue
			}
			n++
			p("records.file.hours_row", "Day", l.Date(th.Day), "Table", th.Table, "Minutes", th.Minutes, "By", th.EnteredByName)
			if th.Note != "" {
				fmt.Fprintln(out, "  "+th.Note)
			}
			if th.Struck != nil { // kept on the file, struck, and counted nowhere (as the page says it)
				fmt.Fprintln(out, "  "+l.T("records.strike.struck", "Day", l.Date(th.Struck.At), "By", th.Struck.Actor, "Reason", th.Struck.Reason))
			}
		}
		if n == 0 {
			p("records.file.none")
		}
	}

	heading(l.T("records.file.topics"))
	for _, s := range records.Topics(h.Records, topics, now) {
		name := topicTitle(l, h.Records.Topic(s.Topic))
		switch {
		case s.Last == nil:
			p("records.file.topic_missing", "Topic", name)
		case s.Expires.IsZero():
			p("records.file.topic_forever", "Topic", name, "Day", l.Date(s.Last.Day), "Evidence", s.Last.Evidence)
		case s.Valid:
			p("records.file.topic_valid", "Topic", name, "Day", l.Date(s.Last.Day), "Evidence", s.Last.Evidence, "Until", l.Date(s.Expires))
		default:
			p("records.file.topic_expired", "Topic", name, "Day", l.Date(s.Last.Day), "Evidence", s.Last.Evidence, "Until", l.Date(s.Expires))
		}
	}
	return nil
}

// duration says d in hours and minutes, in l's words.
func duration(l *i18n.Localizer, d time.Duration) string {
	m := int(d / time.Minute)
	return l.T("records.file.duration", "H", m/60, "M", fmt.Sprintf("%02d", m%60))
}

// words picks a text of the rules in l's language, English when it has none.
func words(l *i18n.Localizer, w rulebook.Words) string {
	if s := w[l.Tag()]; s != "" {
		return s
	}
	return w[i18n.Source]
}

func itemTitle(l *i18n.Localizer, p *rulebook.Programme, id string) string {
	for _, c := range p.Checklist {
		if c.ID == id && len(c.Title) > 0 {
			return words(l, c.Title)
		}
	}
	return l.T(rulebook.ChecklistMessage + id)
}

func topicTitle(l *i18n.Localizer, t *rulebook.Topic) string {
	if len(t.Title) > 0 {
		return words(l, t.Title)
	}
	return l.T(rulebook.TopicMessage + t.ID)
}
