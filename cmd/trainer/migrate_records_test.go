package main

import (
	"database/sql"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// recordsSchool is schoolDB with every kind of record of issue 24: each
// game's programme recorded and uth's approved, Max Manager marked as one
// who may sign; Dana Rossi failed a table test (two items named) and passed
// the next, has two entries of table hours (one struck out) and a topic
// completed; Luca Neri passed his table test and a manager revoked his
// authorisation; his table hours were deleted after the retention period
// (the file's clock run ahead for that last step).
func recordsSchool(t *testing.T) string {
	t.Helper()
	path := schoolDB(t)
	if out, err := runCmd(t, noEnv, "", "records", "programmes", "-db", path, "-approve", "uth"); err != nil {
		t.Fatalf("records programmes: %q, %v", out, err)
	}
	if out, err := runCmd(t, noEnv, "", "records", "signer", "-db", path, "-user", "Max Manager"); err != nil {
		t.Fatalf("records signer: %q, %v", out, err)
	}
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key, _ := sqlite.ReadAuditKeyFile(sqlite.AuditKeyFile(path))
	if err := db.UseAuditKey(t.Context(), key, sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}
	max, _ := db.FindUserByName(t.Context(), "Max Manager")
	ada, _ := db.FindUserByName(t.Context(), "Ada Admin")
	var dealers []*trainer.User
	for _, u := range []*trainer.User{
		{Name: "Dana Rossi", Role: trainer.RoleTrainee, Badge: "1042", SecretHash: "$test$"},
		{Name: "Luca Neri", Role: trainer.RoleTrainee, Badge: "1043", SecretHash: "$test$"},
	} {
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		ex := &trainer.Exam{UserID: u.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{}`),
			Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 3, Skill: "uth.payout.blind", Seconds: 30}}}
		if err := db.StartExam(t.Context(), ex, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FinishExam(t.Context(), ex, true, json.RawMessage(`{"passed":true}`)); err != nil {
			t.Fatal(err)
		}
		dealers = append(dealers, u)
	}
	dana, luca := dealers[0], dealers[1]
	ctx := trainer.WithActor(t.Context(), max)
	check := records.TableTestCheck(rulebook.Policy{Retakes: 2, ValidityMonths: 12, DueDays: 30})
	sheet := func(u *trainer.User, failed ...string) *trainer.TableTest {
		tt := &trainer.TableTest{Event: trainer.CertEvent{UserID: u.ID, Game: "uth", ActorID: max.ID}, Signature: "Max Manager"}
		for _, id := range []string{"shuffle", "card_handling", "payouts", "chip_cutting", "procedures", "protection", "guest_presence"} {
			r := trainer.ItemPass
			for _, f := range failed {
				if f == id {
					r = trainer.ItemFail
				}
			}
			tt.Items = append(tt.Items, trainer.ChecklistResult{Item: id, Result: r})
		}
		if len(failed) > 0 {
			tt.Event.Notes = "Dropped the shuffle twice; short-paid a blind."
		}
		return tt
	}
	for _, tt := range []*trainer.TableTest{sheet(dana, "shuffle", "payouts"), sheet(dana), sheet(luca)} {
		if err := db.RecordTableTest(ctx, tt, check); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.RecordCertEvent(ctx, &trainer.CertEvent{UserID: luca.ID, Game: "uth", Kind: trainer.EventRevoked, ActorID: max.ID,
		Notes: "Left the tables for the cage."}, nil); err != nil {
		t.Fatal(err)
	}
	day := db.Clock().UTC().Truncate(24 * time.Hour)
	for _, h := range []*trainer.TableHours{
		{UserID: dana.ID, Game: "uth", Day: day, Table: "UTH 3", Minutes: 95, Note: "Late shift."},
		{UserID: dana.ID, Game: "uth", Day: day, Table: "UTH 1", Minutes: 30},
		{UserID: luca.ID, Game: "uth", Day: day, Table: "UTH 2", Minutes: 60},
	} {
		if err := db.EnterTableHours(ctx, h); err != nil {
			t.Fatal(err)
		}
		switch h.Table {
		case "UTH 1":
			if _, err := db.StrikeTableHours(ctx, dana.ID, h.ID, "Entered for the wrong dealer."); err != nil {
				t.Fatal(err)
			}
		case "UTH 2":
			defer func(id int64) {
				now := db.Now
				db.Now = func() time.Time { return now().Add(7*366*24*time.Hour + time.Hour) }
				defer func() { db.Now = now }()
				if err := db.DeleteRecord(trainer.WithActor(t.Context(), ada), trainer.RecordTableHours, id, "past the retention period",
					records.RetentionCheck(&rulebook.Records{FreshnessYears: 5, RetentionYears: 7})); err != nil {
					t.Fatal(err)
				}
			}(h.ID)
		}
	}
	if err := db.RecordTopicCompletion(ctx, &trainer.TopicCompletion{UserID: dana.ID, Topic: "cpr", Day: day, Evidence: "Croce Rossa 4411"}); err != nil {
		t.Fatal(err)
	}
	return path
}

// fileCode is the line of a dealer's file that carries its verification
// code, which names the trail's entries and so differs once they moved.
var fileCode = regexp.MustCompile(`Verification code: \S+`)

// TestMigrate_Records: a school with every kind of record moves into a
// group that holds its own version of uth's programme, once of the same
// content and once of another. Afterwards the records are there with their
// values, the dealer's file reads as at the school (but for the number of
// a version the group numbered), `audit verify` on the group agrees, and
// the group's table tests are still judged on the group's own programme.
func TestMigrate_Records(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		same bool
	}{{"same content", true}, {"other content", false}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			url := pgtest.URL(t)
			key := pgtest.Key()
			cmd := migrateCmdKey(t, key)
			school := recordsSchool(t)
			before, err := runCmd(t, noEnv, "", "records", "export", "-db", school, "-user", "Dana Rossi", "-lang", "en")
			if err != nil {
				t.Fatal(err)
			}
			lucaBefore, err := runCmd(t, noEnv, "", "records", "export", "-db", school, "-user", "Luca Neri", "-lang", "en")
			if err != nil {
				t.Fatal(err)
			}

			// The group's own programme of uth, approved by its operator.
			if _, err := cmd("site", "list", "-db", url); err != nil {
				t.Fatal(err)
			}
			group, err := postgres.Open(t.Context(), url, key)
			if err != nil {
				t.Fatal(err)
			}
			defer group.Close()
			book, err := rulebook.Load(rules.FS)
			if err != nil {
				t.Fatal(err)
			}
			h, err := book.House("default")
			if err != nil {
				t.Fatal(err)
			}
			body, err := records.Current(h, "uth")
			if err != nil {
				t.Fatal(err)
			}
			if !tc.same {
				body.MinimumHours += 10
			}
			own, err := group.RecordProgrammeVersion(trainer.WithOperator(t.Context()), &trainer.ProgrammeVersion{Body: body})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := group.ApproveProgrammeVersion(trainer.WithOperator(t.Context()), own.ID); err != nil {
				t.Fatal(err)
			}

			out, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"signers' marks         1", "table test sheets      3", "table hours            2", "topic completions      1"}
			if tc.same {
				want = append(want, "programme versions     3", "1 of the school's programme versions have the content of one of the group's")
			} else {
				want = append(want, "programme versions     4")
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("migrate says:\n%s\nwant %q", out, w)
				}
			}
			if out, err := cmd("audit", "verify", "-db", url); err != nil || !strings.Contains(out, "records: ") ||
				!strings.Contains(out, "training records compared: 3 table test sheets, 2 entries of table hours, 1 topic completions, ") {
				t.Errorf("audit verify on the group after the move = %v\n%s", err, out)
			}

			// The dealer's file reads as at the school.
			after, err := cmd("records", "export", "-db", url, "-site", "North Shore", "-user", "Dana Rossi", "-lang", "en")
			if err != nil {
				t.Fatal(err)
			}
			wantFile := before
			if !tc.same {
				// The school's version 1 is the group's version 2.
				wantFile = strings.Replace(before, "Programme: version 1,", "Programme: version 2,", 1)
			}
			if a, b := fileCode.ReplaceAllString(after, "CODE"), fileCode.ReplaceAllString(wantFile, "CODE"); a != b {
				t.Errorf("Dana's file in the group:\n%s\nat the school:\n%s", after, before)
			}
			if !strings.Contains(before, "UTH 1: 30 min, entered by Max Manager\n  Struck out on ") ||
				!strings.Contains(before, "by Max Manager: Entered for the wrong dealer.\n") || !strings.Contains(before, "Shuffle procedure: fail\n") {
				t.Errorf("the school's file lacks the strike or the failed item:\n%s", before)
			}
			lucaAfter, err := cmd("records", "export", "-db", url, "-site", "North Shore", "-user", "Luca Neri", "-lang", "en")
			if err != nil {
				t.Fatal(err)
			}
			if !tc.same {
				lucaBefore = strings.Replace(lucaBefore, "Programme: version 1,", "Programme: version 2,", 1)
			}
			if a, b := fileCode.ReplaceAllString(lucaAfter, "CODE"), fileCode.ReplaceAllString(lucaBefore, "CODE"); a != b {
				t.Errorf("Luca's file in the group:\n%s\nat the school:\n%s", lucaAfter, lucaBefore)
			}
			if code := fileCode.FindString(after); code != "" {
				c := strings.TrimSpace(strings.TrimPrefix(code, "Verification code:"))
				if out, err := cmd("audit", "verify", "-db", url, "-file", c); err != nil {
					t.Errorf("audit verify -file %s on the group = %v\n%s", c, err, out)
				}
			} else {
				t.Errorf("no verification code in the group's file:\n%s", after)
			}

			// A dealer of the group, never table-tested, names the group's
			// own programme, whatever a school's move numbered after it.
			nina := &trainer.User{Name: "Nina Bianchi", Role: trainer.RoleTrainee, Badge: "2042", SecretHash: "$test$"}
			if err := group.CreateUser(t.Context(), nina); err != nil {
				t.Fatal(err)
			}
			ninaFile, err := cmd("records", "export", "-db", url, "-site", "This kiosk", "-user", "Nina Bianchi", "-lang", "en")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(ninaFile, "Programme: version 1,") {
				t.Errorf("a dealer of the group names another programme than the group's version 1:\n%s", ninaFile)
			}

			// The group's own programme is still the one new table tests
			// are judged on; the school's of other content is its history.
			vs, err := group.ListProgrammeVersions(t.Context(), "uth")
			if err != nil {
				t.Fatal(err)
			}
			if got := records.Approved(vs); got == nil || got.ID != own.ID {
				t.Errorf("the group's programme of uth after the move is %+v; want its own version %d", got, own.ID)
			}
			// Its files unchanged, the group records no new version (a
			// moved version of other content is not the group's newest).
			if again, err := group.RecordProgrammeVersion(trainer.WithOperator(t.Context()), &trainer.ProgrammeVersion{Body: body}); err != nil || again.ID != own.ID {
				t.Errorf("recording the group's programme again after the move = %+v, %v; want its own version %d", again, err, own.ID)
			}
			raw, err := sql.Open("pgx", url)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			var sheets, onOwn, moved int
			if err := raw.QueryRowContext(t.Context(), `SELECT count(*), count(*) FILTER (WHERE programme_id = $1),
				(SELECT count(*) FROM programme_versions WHERE game = 'uth' AND moved_from IS NOT NULL) FROM table_test_sheets`, own.ID).Scan(&sheets, &onOwn, &moved); err != nil {
				t.Fatal(err)
			}
			if tc.same && (onOwn != 3 || moved != 0) || !tc.same && (onOwn != 0 || moved != 1) {
				t.Errorf("%d sheets, %d judged on the group's own version, %d moved versions of uth", sheets, onOwn, moved)
			}
		})
	}
}

// TestMigrate_RefusesDisagreeingRecords: a school whose records disagree
// with its trail (entered hours changed behind its back) is refused, naming
// them, and the group is left as it was.
func TestMigrate_RefusesDisagreeingRecords(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	cmd := migrateCmd(t)
	school := recordsSchool(t)
	tamper(t, school, `UPDATE table_hours SET minutes = 600 WHERE table_name = 'UTH 3'`)
	if _, err := cmd("site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}
	before := groupState(t, url)
	if _, err := cmd("migrate", "-from", school, "-to", url, "-site", "North"); err == nil ||
		!strings.Contains(err.Error(), "the school's records disagree with its audit trail, nothing copied") ||
		!strings.Contains(err.Error(), "table hours") {
		t.Errorf("migrate of a school whose records disagree = %v; want refused naming them", err)
	}
	if after := groupState(t, url); after != before {
		t.Errorf("a refused move changed the group:\nbefore %s\nafter  %s", before, after)
	}
}
