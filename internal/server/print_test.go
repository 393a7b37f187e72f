package server_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Months as each language writes them in a date, written out here rather
// than taken from internal/i18n, so that a sheet dated in the wrong
// language fails.
var testMonths = map[string][12]string{
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	"it": {"gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"},
	"ru": {"янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."},
}

// isoMoment is how the exports write a moment in every language.
var isoMoment = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)

// dayIn writes t's day as language lang dates a sheet: 26 nov 2026.
func dayIn(lang string, t time.Time) string {
	t = t.Local()
	return fmt.Sprintf("%d %s %d", t.Day(), testMonths[lang][t.Month()-1], t.Year())
}

// sheet is what a printed page says, to compare languages by: the
// article's lang, words only the sheet's language has, and the frame
// around it.
type sheet struct {
	lang    string // <article lang>
	html    string // <html lang>: the reader's
	back    string // the Back link: the reader's language
	current string // the language link marked aria-current
}

func sheetOf(r *servertest.Response) sheet {
	s := sheet{back: strings.TrimSpace(r.Text(`.print-tools a.btn`))}
	s.lang, _ = r.Doc.Find("article").Attr("lang")
	s.html, _ = r.Doc.Find("html").Attr("lang")
	s.current, _ = r.Doc.Find(`[data-testid="print-languages"] a[aria-current]`).Attr("lang")
	return s
}

// TestPrint_SheetLanguage: an Italian trainee's transcript and certificate
// print in Italian by default, in Russian with ?lang=ru, and in Italian
// again when ?lang= names a language the kiosk does not offer; the page
// around the sheet stays in the manager's language (English, then
// Russian). The programme prints in the house's language, English.
func TestPrint_SheetLanguage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	k.Certify(k.trainee, "uth", k.manager)
	today := k.Clock.Now()
	expires := today.AddDate(1, 0, 0)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	transcript, certificate := gamePath(k.trainee, "uth")+"/transcript", gamePath(k.trainee, "uth")+"/certificate"

	tests := []struct {
		name     string
		path     string
		want     sheet
		contains []string // in the article
		testIDs  map[string]string
	}{
		{"transcript, the trainee's Italian", transcript, sheet{"it", "en", "← Back", "it"},
			[]string{"Scheda di formazione · Demo casino", "Badge 1042", "Esami", "Eventi della certificazione",
				"1 su 1", "Superato", "Stampato il " + dayIn("it", today), " da Max Manager · Dealer Trainer"}, nil},
		{"transcript in Russian", transcript + "?lang=ru", sheet{"ru", "en", "← Back", "ru"},
			[]string{"Выписка об обучении · Demo casino", "Бейдж 1042", "Экзамены", "1 из 1", "Сдан",
				"Напечатано " + dayIn("ru", today)}, nil},
		{"transcript, a language not offered", transcript + "?lang=xx", sheet{"it", "en", "← Back", "it"},
			[]string{"Scheda di formazione"}, nil},
		{"transcript in English", transcript + "?lang=en", sheet{"en", "en", "← Back", "en"},
			[]string{"Transcript · Demo casino", "1 of 1", "Passed", "Printed " + dayIn("en", today)}, nil},
		{"certificate, the trainee's Italian", certificate, sheet{"it", "en", "← Back", "it"},
			[]string{"Certificato di abilitazione", "Si certifica che", "Firma del responsabile", "1 su 1 risposte giuste, secondo il regolamento della casa"},
			map[string]string{"certificate-status": "Valido fino al " + dayIn("it", expires)}},
		{"certificate in Russian", certificate + "?lang=ru", sheet{"ru", "en", "← Back", "ru"},
			[]string{"Сертификат дилера", "Подпись менеджера"},
			map[string]string{"certificate-status": "Действует до " + dayIn("ru", expires)}},
		{"programme, the house's English", "/manager/programme", sheet{"en", "en", "← Back", "en"},
			[]string{"Dealer training programme · page 1 of 4", "The exam: 28 questions", "3 sittings per cycle, at least 48 hours apart"}, nil},
		{"programme in Russian", "/manager/programme?lang=ru", sheet{"ru", "en", "← Back", "ru"},
			[]string{"Программа подготовки дилеров · страница 1 из 4", "Экзамен: 28 вопросов", "3 попытки за цикл",
				"перерыв минимум 48 часов", "действует 12 месяцев", "за 30 дней", "Вопросы"}, nil},
		{"programme in Italian", "/manager/programme?lang=it", sheet{"it", "en", "← Back", "it"},
			[]string{"Programma di formazione dei croupier", "L'esame: 28 domande", "3 tentativi per ciclo, a distanza di almeno 48 ore"}, nil},
		{"programme, a language not offered", "/manager/programme?lang=de", sheet{"en", "en", "← Back", "en"},
			[]string{"Dealer training programme"}, nil},
	}
	for _, tt := range tests {
		resp := mc.Get(tt.path)
		wantStatus(t, tt.name, resp, http.StatusOK)
		if got := sheetOf(resp); got != tt.want {
			t.Errorf("%s: %+v; want %+v", tt.name, got, tt.want)
		}
		article := resp.Text("article")
		for _, s := range tt.contains {
			if !strings.Contains(article, s) {
				t.Errorf("%s: the sheet lacks %q:\n%s", tt.name, s, article)
			}
		}
		for id, want := range tt.testIDs {
			if got := resp.TestID(id); got != want {
				t.Errorf("%s: %s = %q; want %q", tt.name, id, got, want)
			}
		}
		// The links to the other languages are on the screen only, each
		// in its own language.
		links := resp.Doc.Find(`.no-print [data-testid="print-languages"] a`)
		if got := links.Length(); got != 3 {
			t.Errorf("%s: %d language links in the screen's tools; want 3", tt.name, got)
		}
		for lang, name := range map[string]string{"en": "English", "it": "Italiano", "ru": "Русский"} {
			a := resp.Doc.Find(`[data-testid="print-lang-` + lang + `"]`)
			href, _ := a.Attr("href")
			if l, _ := a.Attr("lang"); l != lang || a.Text() != name || !strings.HasSuffix(href, "?lang="+lang) {
				t.Errorf("%s: the %s link: lang %q, text %q, href %q", tt.name, lang, l, a.Text(), href)
			}
		}
	}
	// The Russian table's kind column comes from the exam page's messages,
	// which the sheet's language reaches through the shared component.
	// Without this the test above could pass on a sheet whose headings
	// stayed English.
	if got := mc.Get("/manager/programme?lang=ru").Text(`[data-testid="standard-table"] thead th`); !strings.HasPrefix(got, "Вид") {
		t.Errorf("the Russian programme's exam table begins %q; want Вид", got)
	}

	// A manager who reads Russian: the page around an Italian sheet is
	// Russian, the sheet Italian.
	if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	resp := mc.Get(transcript)
	if got, want := sheetOf(resp), (sheet{"it", "ru", "← Назад", "it"}); got != want {
		t.Errorf("a Russian manager's print of an Italian transcript: %+v; want %+v", got, want)
	}
	if got := resp.TestID("signout"); got != "Выйти" {
		t.Errorf("the Russian manager's header says %q; want Выйти", got)
	}
	if got := resp.Text("title"); !strings.HasPrefix(got, "Выписка · Tia Trainee") {
		t.Errorf("the page's title %q; want it in the manager's Russian", got)
	}
	if got, _ := resp.Doc.Find(`[data-testid="print-languages"]`).Attr("aria-label"); got != "Язык листа" {
		t.Errorf("the language links are named %q; want Язык листа", got)
	}
	if !strings.Contains(resp.Text("article"), "Stampato il") {
		t.Errorf("the sheet left Italian for the manager's language:\n%s", resp.Text("article"))
	}
	// A certificate never granted is refused in the manager's words.
	if got := mc.Get(gamePath(k.trainee, "oracle") + "/certificate"); got.StatusCode != http.StatusNotFound ||
		!strings.Contains(got.Body, "Tia Trainee: сертификата по игре Texas Oracle не было ни разу.") {
		t.Errorf("a certificate never granted, for a Russian manager: status %d\n%s", got.StatusCode, got.Text("main"))
	}
}

// TestPrint_RevokedCertificateInItalian: the statuses a certificate can
// print carry their dates in the sheet's language.
func TestPrint_RevokedCertificateInItalian(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.Certify(k.trainee, "uth", k.manager)
	k.Clock.Advance(24 * time.Hour)
	k.RecordCert(k.trainee, "uth", trainer.EventRevoked, k.manager, "Short-paid two players.")
	revoked := k.Clock.Now()
	mc := k.staffClient(t, "Max Manager", managerPassword)
	resp := mc.Get(gamePath(k.trainee, "uth") + "/certificate?lang=it")
	wantStatus(t, "a revoked certificate", resp, http.StatusOK)
	if got, want := resp.TestID("certificate-status"), "Revocato il "+dayIn("it", revoked)+": Short-paid two players."; got != want {
		t.Errorf("status %q; want %q", got, want)
	}
	// An English trainee's certificate stays English by default.
	if got, want := mc.Get(gamePath(k.trainee, "uth")+"/certificate").TestID("certificate-status"),
		"Revoked on "+dayIn("en", revoked)+": Short-paid two players."; got != want {
		t.Errorf("by default: %q; want %q", got, want)
	}
}

// TestExport_HeaderInManagersLanguage: the exports' header rows are in the
// language of the manager who downloads them; the values below stay codes
// and ISO times, and English keeps the names programs read.
func TestExport_HeaderInManagersLanguage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.Certify(k.trainee, "uth", k.manager)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	tests := []struct {
		lang              string
		certHead, attHead []string // the first columns
		certCols, attCols int
	}{
		{"", []string{"trainee_id", "trainee", "badge", "game", "state"}, []string{"attempt_id", "session_id", "mode"}, 17, 23},
		{"it", []string{"ID allievo", "Allievo", "Badge", "Gioco", "Stato"}, []string{"ID risposta", "ID sessione", "Modalità"}, 17, 23},
		{"ru", []string{"ID стажёра", "Стажёр", "Бейдж", "Игра", "Статус"}, []string{"ID ответа", "ID сеанса", "Режим"}, 17, 23},
	}
	for _, tt := range tests {
		if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, tt.lang); err != nil {
			t.Fatal(err)
		}
		rows := csvRows(t, mc, "/manager/certifications.csv?game=uth")
		if len(rows) != 2 || len(rows[0]) != tt.certCols || strings.Join(rows[0][:5], "|") != strings.Join(tt.certHead, "|") {
			t.Errorf("%q: certifications.csv header %q", tt.lang, rows[0])
			continue
		}
		if got := rows[1][3:5]; got[0] != "uth" || got[1] != "certified" {
			t.Errorf("%q: certifications.csv values %q; want the codes uth, certified", tt.lang, got)
		}
		if !isoMoment.MatchString(rows[1][5]) {
			t.Errorf("%q: state_since %q; want 2006-01-02 15:04:05", tt.lang, rows[1][5])
		}
		rows = csvRows(t, mc, filePath(k.trainee)+"/attempts.csv")
		if len(rows) == 0 || len(rows[0]) != tt.attCols || strings.Join(rows[0][:3], "|") != strings.Join(tt.attHead, "|") {
			t.Errorf("%q: attempts.csv header %q", tt.lang, rows)
		}
	}
}
