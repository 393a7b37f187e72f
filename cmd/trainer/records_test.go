package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// recordsKiosk makes a kiosk whose dealer Dana Rossi (badge 1042) passed
// the exam of uth; Paolo Bianchi is a manager.
func recordsKiosk(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kiosk.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, u := range []*trainer.User{
		{Name: "Paolo Bianchi", Role: trainer.RoleManager, SecretHash: "$test$p"},
		{Name: "Dana Rossi", Role: trainer.RoleTrainee, Badge: "1042", SecretHash: "$test$d"},
	} {
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
	}
	dana, _ := db.FindUserByName(t.Context(), "Dana Rossi")
	paolo, _ := db.FindUserByName(t.Context(), "Paolo Bianchi")
	if _, err := db.RecordRulesVersion(t.Context(), "v1", map[string][]byte{"drills.toml": []byte("# v1\n")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), paolo), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: dana.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 1, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FinishExam(t.Context(), ex, true, json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRecords_Commands: the programme is recorded and approved, a pit
// manager marked, a table test with its checklist signed; then the dealer's
// file prints in Italian with its verification code, `audit verify -file`
// vouches for it, the floor's CSV lists the dealer for uth, and once the
// entered hours are changed behind the kiosk's back the code no longer
// vouches for the file.
func TestRecords_Commands(t *testing.T) {
	t.Parallel()
	path := recordsKiosk(t)
	out, err := runCmd(t, noEnv, "", "records", "programmes", "-db", path, "-approve", "uth")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^uth version 1 \(approved \d{4}-\d\d-\d\d\), recorded .*: The first version\.$`).MatchString(out) ||
		!strings.Contains(out, "lunar version 1 (waiting for approval)") {
		t.Errorf("records programmes printed:\n%s", out)
	}
	if _, err := runCmd(t, noEnv, "", "records", "signer", "-db", path, "-user", "Dana Rossi"); err == nil ||
		!strings.Contains(err.Error(), "Dana Rossi cannot sign table tests") {
		t.Errorf("marking a dealer: %v; want refused", err)
	}
	if out, err := runCmd(t, noEnv, "", "records", "signer", "-db", path, "-user", "Paolo Bianchi"); err != nil || out != "Paolo Bianchi may sign table tests\n" {
		t.Fatalf("records signer: %q, %v", out, err)
	}

	// What the pages will do (part 2): a table test, hours, a topic.
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	paolo, _ := db.FindUserByName(t.Context(), "Paolo Bianchi")
	dana, _ := db.FindUserByName(t.Context(), "Dana Rossi")
	ctx := trainer.WithActor(t.Context(), paolo)
	tt := &trainer.TableTest{Event: trainer.CertEvent{UserID: dana.ID, Game: "uth", ActorID: paolo.ID}, Signature: "Paolo Bianchi"}
	for _, id := range []string{"shuffle", "card_handling", "payouts", "chip_cutting", "procedures", "protection", "guest_presence"} {
		tt.Items = append(tt.Items, trainer.ChecklistResult{Item: id, Result: trainer.ItemPass})
	}
	if err := db.RecordTableTest(ctx, tt, records.TableTestCheck(rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 12, DueDays: 30})); err != nil {
		t.Fatal(err)
	}
	h := &trainer.TableHours{UserID: dana.ID, Game: "uth", Day: db.Clock().UTC().Truncate(24 * time.Hour), Table: "UTH 3", Minutes: 95, Note: "Late shift."}
	if err := db.EnterTableHours(ctx, h); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordTopicCompletion(ctx, &trainer.TopicCompletion{UserID: dana.ID, Topic: "cpr", Day: h.Day, Evidence: "Croce Rossa 4411"}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	out, err = runCmd(t, noEnv, "", "records", "export", "-db", path, "-user", "dana rossi", "-lang", "it")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Scheda di formazione di Dana Rossi\n", "Badge: 1042\n", "Account: attivo\n",
		"\nUltimate Texas Hold'em\n=====", "Autorizzato a gestire il tavolo dal ", "la prova al tavolo è stata firmata da Paolo Bianchi.\n",
		"Programma: versione 1, approvata il ", "1 h 35 min al tavolo", "\nEsami\n", ": superato\n",
		": superata, firmata «Paolo Bianchi» da Paolo Bianchi\n", "  - Procedura di mescolata: superata\n",
		", UTH 3: 95 min, inserite da Paolo Bianchi\n", "  Late shift.\n",
		"\nTexas Oracle\n", "Non ancora formato in questo gioco",
		"Rianimazione cardiopolmonare e primo soccorso: completato il ", "(Croce Rossa 4411), valido fino al ",
		"Antiriciclaggio: non completato.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the file does not say %q:\n%s", want, out)
		}
	}
	code := regexp.MustCompile(`Codice di verifica: (\S+)`).FindStringSubmatch(out)
	if code == nil {
		t.Fatalf("no verification code in the file:\n%s", out)
	}
	if strings.Contains(out, "records.") {
		t.Errorf("a catalogue id shows in the file:\n%s", out)
	}

	out, err = runCmd(t, noEnv, "", "audit", "verify", "-db", path, "-file", code[1])
	if err != nil {
		t.Fatalf("audit verify -file: %v\n%s", err, out)
	}
	if !strings.Contains(out, "OK: file "+code[1]+": Dana Rossi's file as of audit entry") ||
		!strings.Contains(out, "records: 1 exams and 2 certification events agree") ||
		!strings.Contains(out, "training records compared: 1 table test sheets, 1 entries of table hours, 1 topic completions, 4 programme versions and 1 signers' marks\n") {
		t.Errorf("audit verify -file printed:\n%s", out)
	}

	out, err = runCmd(t, noEnv, "", "records", "floor", "-db", path, "-lang", "en")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || lines[0] != "Name,Badge,Game,Authorised since,Until,Signer" ||
		!strings.HasPrefix(lines[1], "Dana Rossi,1042,Ultimate Texas Hold'em,") || !strings.HasSuffix(lines[1], ",Paolo Bianchi") {
		t.Errorf("the floor's list:\n%s", out)
	}

	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(fmt.Sprintf(`UPDATE table_hours SET minutes = 600 WHERE id = %d`, h.ID)); err != nil {
		t.Fatal(err)
	}
	out, err = runCmd(t, noEnv, "", "audit", "verify", "-db", path, "-file", code[1])
	if err == nil || !strings.Contains(out, "FILE: the dealer's records disagree: table hours") ||
		!strings.Contains(out, "DISAGREES: table hours") {
		t.Errorf("audit verify -file after tampering: %v\n%s", err, out)
	}
	if _, err := runCmd(t, noEnv, "", "audit", "verify", "-db", path, "-file", "12-x"); err == nil || !strings.Contains(err.Error(), "not a file's verification code") {
		t.Errorf("a bad code: %v", err)
	}
}

// TestRecords_ProgrammesInWords: `trainer records programmes` says each
// version's changes from the catalogues, in the language asked for (the
// house's by default), as the programmes' page says them.
func TestRecords_ProgrammesInWords(t *testing.T) {
	t.Parallel()
	path := recordsKiosk(t)
	if _, err := runCmd(t, noEnv, "", "records", "programmes", "-db", path); err != nil {
		t.Fatal(err)
	}
	// The house raises uth's minimum from 40 to 60 hours.
	src, err := os.ReadFile(filepath.Join("..", "..", "content", "rules", "programmes", "uth.toml"))
	if err != nil {
		t.Fatal(err)
	}
	changed := regexp.MustCompile(`(?m)^minimum_hours(\s*)= 40$`).ReplaceAll(src, []byte("minimum_hours${1}= 60"))
	if string(changed) == string(src) {
		t.Fatal("the shipped programme of uth no longer says minimum_hours = 40")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "houses", "default", "programmes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "houses", "default", "programmes", "uth.toml"), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ lang, first, change string }{
		{"", "The first version.", "The minimum of training hours goes from 40 to 60."},
		{"it", "La prima versione.", "Il minimo di ore di formazione passa da 40 a 60."},
		{"ru", "Первая версия.", "Минимум часов обучения меняется с 40 на 60."},
	} {
		args := []string{"records", "programmes", "-db", path, "-rules", dir}
		if tc.lang != "" {
			args = append(args, "-lang", tc.lang)
		}
		out, err := runCmd(t, noEnv, "", args...)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`(?m)^uth version 1 \(waiting for approval\), recorded \S+: `+regexp.QuoteMeta(tc.first)+`$`).MatchString(out) ||
			!regexp.MustCompile(`(?m)^uth version 2 \(waiting for approval\), recorded \S+: `+regexp.QuoteMeta(tc.change)+`$`).MatchString(out) {
			t.Errorf("records programmes -lang %q printed:\n%s", tc.lang, out)
		}
	}
}
