package class_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// kioskUsers are the users the import tests plan against.
func kioskUsers() []*trainer.User {
	return []*trainer.User{
		{ID: 1, Name: "Tina Trainee", Role: trainer.RoleTrainee, Badge: "T-1", Active: true},
		{ID: 2, Name: "Kim", Role: trainer.RoleTrainee, Active: true},
		{ID: 3, Name: "Max Manager", Role: trainer.RoleManager, Active: true},
		{ID: 4, Name: "Olga Old", Role: trainer.RoleTrainee, Badge: "O-4", Active: false},
		{ID: 5, Name: "Ana Lee", Role: trainer.RoleTrainee, Badge: "A-5", Active: true},
		{ID: 6, Name: "Ada Admin", Role: trainer.RoleAdministrator, Active: true},
		{ID: 7, Name: "Pat Park", Role: trainer.RoleTrainee, Badge: "P-7", Active: true},
		{ID: 8, Name: "Quinn Moss", Role: trainer.RoleTrainee, Active: true},
	}
}

// members of the class the tests import into: Ana Lee is in it already.
var members = []int64{5}

// outcome is an entry reduced to what a test states.
type outcome struct {
	Fate      class.Fate
	UserID    int64
	PIN       string // the file's PIN kept, or "made" for one the kiosk made
	PINUnused bool
	Refusal   string // the message id
	Args      []any
}

func outcomeOf(e class.Entry) outcome {
	o := outcome{Fate: e.Fate, PIN: e.IssuedPIN, PINUnused: e.PINUnused}
	if e.User != nil {
		o.UserID = e.User.ID
	}
	if e.PINMade {
		o.PIN = "made"
	}
	if e.Refusal != nil {
		o.Refusal, o.Args = e.Refusal.ID, e.Refusal.Args
	}
	return o
}

func TestPlanImport(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("n", trainer.MaxNameLen+1)
	tests := []struct {
		name string
		rows []class.Row
		want []outcome
	}{
		{"new trainee with a PIN", []class.Row{{Line: 1, Name: "Zoe Zhang", Badge: "Z-9", PIN: "2468"}},
			[]outcome{{Fate: class.FateAdd, PIN: "2468"}}},
		{"new trainee, PIN made", []class.Row{{Line: 1, Name: "Zoe Zhang"}},
			[]outcome{{Fate: class.FateAdd, PIN: "made"}}},
		{"a user's name in other case joins", []class.Row{{Line: 1, Name: "tina trainee"}},
			[]outcome{{Fate: class.FateJoin, UserID: 1}}},
		{"the same badge joins; the file's PIN is not used", []class.Row{{Line: 1, Name: "Tina Trainee", Badge: "T-1", PIN: "1357"}},
			[]outcome{{Fate: class.FateJoin, UserID: 1, PINUnused: true}}},
		{"a bad PIN of a trainee who joins is not used either", []class.Row{{Line: 1, Name: "Tina Trainee", PIN: "12"}},
			[]outcome{{Fate: class.FateJoin, UserID: 1, PINUnused: true}}},
		{"already in the class", []class.Row{{Line: 1, Name: "Ana Lee", Badge: "A-5"}},
			[]outcome{{Fate: class.FateMember, UserID: 5}}},
		{"another badge than the user's", []class.Row{{Line: 1, Name: "Tina Trainee", Badge: "T-2"}},
			[]outcome{{Refusal: "class.import.other_badge", Args: []any{"Badge", "T-1"}}}},
		{"a badge for a user who has none", []class.Row{{Line: 1, Name: "Kim", Badge: "K-2"}},
			[]outcome{{Refusal: "class.import.no_badge", Args: []any{}}}},
		{"a staff account's name", []class.Row{{Line: 1, Name: "MAX MANAGER"}},
			[]outcome{{Refusal: "class.import.staff", Args: []any{}}}},
		{"an administrator's name", []class.Row{{Line: 1, Name: "Ada Admin"}},
			[]outcome{{Refusal: "class.import.staff", Args: []any{}}}},
		{"a deactivated trainee", []class.Row{{Line: 1, Name: "Olga Old", Badge: "O-4"}},
			[]outcome{{Refusal: "class.import.inactive", Args: []any{}}}},
		{"a name that looks like a user's (rn for m)", []class.Row{{Line: 1, Name: "Kirn"}},
			[]outcome{{Refusal: "class.import.looks_like_user", Args: []any{"Name", "Kim"}}}},
		{"a name that looks like a user's (a Cyrillic Т)", []class.Row{{Line: 1, Name: "Тina Trainee"}},
			[]outcome{{Refusal: "class.import.looks_like_user", Args: []any{"Name", "Tina Trainee"}}}},
		{"a look-alike of a staff name", []class.Row{{Line: 1, Name: "Ada Adrnin"}},
			[]outcome{{Refusal: "class.import.looks_like_user", Args: []any{"Name", "Ada Admin"}}}},
		{"another user's badge", []class.Row{{Line: 1, Name: "Zoe Zhang", Badge: "T-1"}},
			[]outcome{{Refusal: "class.import.badge_other_user", Args: []any{"Badge", "T-1", "Name", "Tina Trainee"}}}},
		{"a PIN too short", []class.Row{{Line: 1, Name: "Zoe Zhang", PIN: "12"}},
			[]outcome{{Refusal: "err.pin_digits", Args: []any{"Min", "4", "Max", "6"}}}},
		{"a PIN of letters", []class.Row{{Line: 1, Name: "Zoe Zhang", PIN: "12a4"}},
			[]outcome{{Refusal: "err.pin_digits", Args: []any{"Min", "4", "Max", "6"}}}},
		{"an empty name", []class.Row{{Line: 1, Badge: "Z-1"}},
			[]outcome{{Refusal: "err.enter_name", Args: []any{}}}},
		{"a name with a control character", []class.Row{{Line: 1, Name: "Zoe\u200bZhang"}},
			[]outcome{{Refusal: "err.name_characters", Args: []any{}}}},
		{"a name too long", []class.Row{{Line: 1, Name: long}},
			[]outcome{{Refusal: "err.at_most", Args: []any{"Max", "40"}}}},
		{"a badge with a space", []class.Row{{Line: 1, Name: "Zoe Zhang", Badge: "Z 1"}},
			[]outcome{{Refusal: "err.badge_characters", Args: []any{}}}},
		{"a name twice in the file: the second is refused", []class.Row{{Line: 1, Name: "Zoe Zhang"}, {Line: 4, Name: "ZOE ZHANG", Badge: "Z-2"}},
			[]outcome{{Fate: class.FateAdd, PIN: "made"}, {Refusal: "class.import.same_name", Args: []any{"Line", "1"}}}},
		{"a badge twice in the file", []class.Row{{Line: 2, Name: "Zoe Zhang", Badge: "Z-1"}, {Line: 3, Name: "Yan Yu", Badge: "Z-1"}},
			[]outcome{{Fate: class.FateAdd, PIN: "made"}, {Refusal: "class.import.same_badge", Args: []any{"Line", "2"}}}},
		{"look-alikes in the file", []class.Row{{Line: 1, Name: "Dana Lee"}, {Line: 2, Name: "Dana Lее"}},
			[]outcome{{Fate: class.FateAdd, PIN: "made"}, {Refusal: "class.import.looks_like_row", Args: []any{"Name", "Dana Lee", "Line", "1"}}}},
		{"a name twice, the first refused: the second still is", []class.Row{{Line: 1, Name: "Zoe Zhang", PIN: "1"}, {Line: 2, Name: "Zoe Zhang"}},
			[]outcome{{Refusal: "err.pin_digits", Args: []any{"Min", "4", "Max", "6"}}, {Refusal: "class.import.same_name", Args: []any{"Line", "1"}}}},
		{"a user named twice", []class.Row{{Line: 1, Name: "Kim"}, {Line: 2, Name: "kim"}},
			[]outcome{{Fate: class.FateJoin, UserID: 2}, {Refusal: "class.import.same_name", Args: []any{"Line", "1"}}}},
	}
	dir := class.IndexUsers(kioskUsers())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := class.PlanImport(tt.rows, dir, members, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []outcome
			for _, e := range p.Entries {
				got = append(got, outcomeOf(e))
				if e.Fate == class.FateAdd && trainer.ValidatePIN(e.IssuedPIN) != nil {
					t.Errorf("line %d gets PIN %q, which trainer refuses", e.Line, e.IssuedPIN)
				}
				if e.Fate == class.FateRefused && (e.Refusal.Message == "" || e.Refusal.Message == e.Refusal.ID) {
					t.Errorf("line %d: refusal %s has no English", e.Line, e.Refusal.ID)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("PlanImport (-want +got):\n%s", diff)
			}
		})
	}
}

// TestImportForty reads a roster of 40 rows, separated by semicolons with a
// byte-order mark as Excel writes it in Italy, that holds every kind of
// refusal, and checks each row's fate, the counts and the slips to print.
func TestImportForty(t *testing.T) {
	t.Parallel()
	data := []byte("\uFEFF" + strings.Join([]string{
		"Nome;Badge;PIN",               // line 1: the header
		"Tina Trainee;;",               // 2 join
		"kim;;9999",                    // 3 join, PIN unused
		"Ana Lee;A-5;",                 // 4 already in the class
		"Max Manager;;",                // 5 staff
		"Olga Old;;",                   // 6 deactivated
		"Tina Trainee;;",               // 7 same name as line 2
		"Ada Adrnin;;",                 // 8 looks like Ada Admin
		"Zoe Zhang;T-1;",               // 9 another user's badge
		"Yan Yu;Y-1;12",                // 10 PIN too short
		";Q-1;",                        // 11 empty name
		"\"Bad\u200bName\";;",          // 12 unreadable name
		strings.Repeat("x", 45) + ";;", // 13 too long
		"Bea Bond;B 1;",                // 14 badge characters
		"Ana Lee;A-6;",                 // 15 same name as line 4
		"Cy Cole;C-1;2468",             // 16 add, PIN given
		"Di Dunn;C-1;",                 // 17 same badge as line 16
		"Dana Lee;;",                   // 18 add
		"Dana Lее;;",                   // 19 looks like line 18 (Cyrillic е)
		"Pat Park;P-8;",                // 20 another badge than the user's
		"Quinn Moss;Q-9;",              // 21 a badge for a user who has none
		"Ed Eve;E-1;",                  // 22 add
		"Fay Fox;F-1;13579",            // 23 add
		"Gus Gray;G-1;",                // 24 add
		"Hal Hope;H-1;",                // 25 add
		"Ivy Ink;I-1;",                 // 26 add
		"Jo Jay;J-1;",                  // 27 add
		"Ken Kay;K-2;",                 // 28 add
		"Lou Lin;L-1;",                 // 29 add
		"Mo Moss;M-1;",                 // 30 add
		"Ned Nye;N-1;",                 // 31 add
		"Oz Orr;O-1;",                  // 32 add
		"Pia Poe;P-1;",                 // 33 add
		"Quin Qi;Q-2;",                 // 34 add
		"Rae Roe;R-1;",                 // 35 add
		"Sol Sun;S-1;",                 // 36 add
		"Ty Tao;T-3;",                  // 37 add
		"Uma Ung;U-1;",                 // 38 add
		"Val Vo;V-1;abcd",              // 39 PIN of letters
		"Wes Wu;O-4;",                  // 40 the deactivated trainee's badge
		"Xi Xu;X-1;",                   // 41 add
	}, "\r\n") + "\r\n")
	rows, err := class.ParseRoster(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 40 {
		t.Fatalf("ParseRoster read %d rows; want 40", len(rows))
	}
	p, err := class.PlanImport(rows, class.IndexUsers(kioskUsers()), members, nil)
	if err != nil {
		t.Fatal(err)
	}
	refused := map[int]string{5: "class.import.staff", 6: "class.import.inactive", 7: "class.import.same_name", 8: "class.import.looks_like_user",
		9: "class.import.badge_other_user", 10: "err.pin_digits", 11: "err.enter_name", 12: "err.name_characters", 13: "err.at_most",
		14: "err.badge_characters", 15: "class.import.same_name", 17: "class.import.same_badge", 19: "class.import.looks_like_row",
		20: "class.import.other_badge", 21: "class.import.no_badge", 39: "err.pin_digits", 40: "class.import.badge_other_user"}
	for _, e := range p.Entries {
		want := class.FateAdd
		switch e.Line {
		case 2, 3:
			want = class.FateJoin
		case 4:
			want = class.FateMember
		}
		if id, ok := refused[e.Line]; ok {
			want = class.FateRefused
			if e.Refusal == nil || e.Refusal.ID != id {
				t.Errorf("line %d refused with %v; want %s", e.Line, e.Refusal, id)
			}
		}
		if e.Fate != want {
			t.Errorf("line %d (%q): %v; want %v", e.Line, e.Name, e.Fate, want)
		}
	}
	if a, j, m, r := p.Count(class.FateAdd), p.Count(class.FateJoin), p.Count(class.FateMember), p.Count(class.FateRefused); a != 20 || j != 2 || m != 1 || r != 17 {
		t.Errorf("counts: %d added, %d join, %d members, %d refused; want 20, 2, 1, 17", a, j, m, r)
	}
	slips := p.Slips()
	if len(slips) != 18 { // 20 added, 2 with the file's PIN
		t.Errorf("%d slips; want 18", len(slips))
	}
	pins := map[string]bool{}
	for _, s := range slips {
		if !s.PINMade || len(s.IssuedPIN) != class.PINLen || trainer.ValidatePIN(s.IssuedPIN) != nil {
			t.Errorf("slip of %s: PIN %q", s.Name, s.IssuedPIN)
		}
		pins[s.IssuedPIN] = true
	}
	if len(pins) < len(slips)-1 { // a repeat among 18 of a million is rare; two would be a broken source
		t.Errorf("%d distinct PINs on %d slips", len(pins), len(slips))
	}
}

func TestNewPIN(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		bytes []byte
		want  string
	}{
		{"digits as drawn", []byte{2, 4, 6, 8, 0, 1}, "246801"},
		{"bytes of 250 and more drawn again", []byte{250, 2, 255, 14, 6, 28, 0, 91}, "246801"},
		{"one digit throughout drawn again", []byte{7, 7, 7, 7, 7, 7, 2, 4, 6, 8, 0, 1}, "246801"},
		{"a run up drawn again", []byte{1, 2, 3, 4, 5, 6, 2, 4, 6, 8, 0, 1}, "246801"},
		{"a run down drawn again", []byte{9, 8, 7, 6, 5, 4, 2, 4, 6, 8, 0, 1}, "246801"},
		{"a run across zero", []byte{7, 8, 9, 0, 1, 2}, "789012"},
	}
	for _, tt := range tests {
		got, err := class.NewPIN(bytes.NewReader(tt.bytes))
		if err != nil || got != tt.want {
			t.Errorf("%s: NewPIN(% d) = %q, %v; want %q", tt.name, tt.bytes, got, err, tt.want)
		}
	}
	if _, err := class.NewPIN(bytes.NewReader([]byte{1, 2})); !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		t.Errorf("NewPIN(2 bytes): %v; want the reader's error", err)
	}
	for range 200 {
		pin, err := class.NewPIN(nil)
		if err != nil || trainer.ValidatePIN(pin) != nil || len(pin) != class.PINLen {
			t.Fatalf("NewPIN(crypto/rand) = %q, %v", pin, err)
		}
	}
}

// TestPlanImportRandomFails: a plan is never half made.
func TestPlanImportRandomFails(t *testing.T) {
	t.Parallel()
	rows := []class.Row{{Line: 1, Name: "Zoe Zhang"}, {Line: 2, Name: "Yan Yu"}}
	p, err := class.PlanImport(rows, class.IndexUsers(nil), nil, bytes.NewReader([]byte{1, 3, 5, 7, 9, 0}))
	if err == nil || p != nil {
		t.Errorf("PlanImport with a source for one PIN = %v, %v; want no plan and an error", p, err)
	}
}
