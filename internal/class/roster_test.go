package class_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestParseRoster(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []class.Row
	}{
		{"names alone", "Ana Lee\nBo Chen\n", []class.Row{{Line: 1, Name: "Ana Lee"}, {Line: 2, Name: "Bo Chen"}}},
		{"commas, no header", "Ana Lee,A-1,2468\nBo Chen,b2,\n", []class.Row{
			{Line: 1, Name: "Ana Lee", Badge: "A-1", PIN: "2468"}, {Line: 2, Name: "Bo Chen", Badge: "B2"}}},
		{"semicolons with a BOM, as Excel writes in Italy",
			"\uFEFFNome;Badge;PIN\r\nMario Rossi;1001;135790\r\nGiulia Bianchi;1002;\r\n", []class.Row{
				{Line: 2, Name: "Mario Rossi", Badge: "1001", PIN: "135790"}, {Line: 3, Name: "Giulia Bianchi", Badge: "1002"}}},
		{"Russian header, columns in another order",
			"PIN;Бейдж;ФИО\n;77;Ирина Петрова\n4321;78;Олег Смирнов\n", []class.Row{
				{Line: 2, Name: "Ирина Петрова", Badge: "77"}, {Line: 3, Name: "Олег Смирнов", Badge: "78", PIN: "4321"}}},
		{"English header with spaces, case and a colon", "  Full Name , Badge number:, pin\nAna Lee, 9, 1111\n", []class.Row{
			{Line: 2, Name: "Ana Lee", Badge: "9", PIN: "1111"}}},
		{"surname kept apart", "Cognome;Nome;Matricola\nRossi;Mario;M-1\n", []class.Row{
			{Line: 2, Name: "Mario Rossi", Badge: "M-1"}}},
		{"quoted values", "name,badge\n\"Lee, Ana\",1\n\"Bo \"\"Big\"\" Chen\",2\n", []class.Row{
			{Line: 2, Name: "Lee, Ana", Badge: "1"}, {Line: 3, Name: `Bo "Big" Chen`, Badge: "2"}}},
		{"a comma inside quotes does not choose the separator", "\"Lee, Ana\";1\n", []class.Row{{Line: 1, Name: "Lee, Ana", Badge: "1"}}},
		{"blank lines and rows of separators skipped", "\n\nAna Lee;1\n;;\n   \nBo Chen;2\n\n", []class.Row{
			{Line: 3, Name: "Ana Lee", Badge: "1"}, {Line: 6, Name: "Bo Chen", Badge: "2"}}},
		{"padding columns left empty", "Ana Lee,1,,,\n", []class.Row{{Line: 1, Name: "Ana Lee", Badge: "1"}}},
		{"names tidied as the kiosk stores them", "  Ana   Lee ,  ab-3 \n", []class.Row{{Line: 1, Name: "Ana Lee", Badge: "AB-3"}}},
		{"empty name kept for the plan to refuse", ",5,1234\n", []class.Row{{Line: 1, Badge: "5", PIN: "1234"}}},
		{"a value far too long is cut past the limit", strings.Repeat("a", 300) + ",1\n", []class.Row{
			{Line: 1, Name: strings.Repeat("a", trainer.MaxNameLen+1), Badge: "1"}}},
		{"a quoted value over two lines starts its row", "\"Ana\nLee\",1\nBo,2\n", []class.Row{
			{Line: 1, Name: "Ana Lee", Badge: "1"}, {Line: 3, Name: "Bo", Badge: "2"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := class.ParseRoster([]byte(tt.in))
			if err != nil {
				t.Fatalf("ParseRoster(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseRoster(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseRosterRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		id       string
		message  string
	}{
		{"empty", "", "class.roster.empty", "The file lists no trainees."},
		{"header only", "name;badge;pin\n", "class.roster.empty", "The file lists no trainees."},
		{"blank lines only", "\n \n;;\n", "class.roster.empty", "The file lists no trainees."},
		{"not UTF-8 (Windows-1252, as Excel's plain CSV)", "Ana Lee,1\nJos\xe9 Diaz,2\n", "class.roster.not_utf8",
			"Line 2 is not UTF-8 text. In the spreadsheet, save the file as “CSV UTF-8”."},
		{"UTF-16", "\xff\xfeA\x00n\x00a\x00", "class.roster.not_utf8",
			"Line 1 is not UTF-8 text. In the spreadsheet, save the file as “CSV UTF-8”."},
		{"quote not closed", "Ana,1\n\"Bo,2\nCy,3\n", "class.roster.quote",
			"Line 2: a quotation mark is not closed, or stands inside a value. Put quotation marks around the whole value, or none."},
		{"quote inside a value", "Ana,1\nBo \"B\" Chen,2\n", "class.roster.quote",
			"Line 2: a quotation mark is not closed, or stands inside a value. Put quotation marks around the whole value, or none."},
		{"too many columns", "Ana,1,1234\nBo,2,1234,bo@example.com\n", "class.roster.columns",
			"Line 2: too many columns (4). Give name, badge and PIN in this order; badge and PIN may be left empty."},
		{"a value past the header's columns", "name,badge\nAna,1,1234\n", "class.roster.columns",
			"Line 2: too many columns (3). Give name, badge and PIN in this order; badge and PIN may be left empty."},
		{"a header column the kiosk does not read", "Name;Email;Badge\nAna;a@b;1\n", "class.roster.header_unknown",
			"Line 1: “Email” is not a column the kiosk reads. The columns are name, badge and PIN."},
		{"a misspelt header column", "name,bagde\nAna,1\n", "class.roster.header_unknown",
			"Line 1: “bagde” is not a column the kiosk reads. The columns are name, badge and PIN."},
		{"a header column twice", "\n\nname;nome\nAna;Ana\n", "class.roster.header_twice",
			"Line 3: the column “nome” is there twice."},
		{"a header without names", "badge,pin\n1,1234\n", "class.roster.header_no_name",
			"Line 1: the header has no name column."},
		{"too many rows", strings.Repeat("Ana\n", class.MaxRosterRows+1), "class.roster.too_many",
			"The file lists more than 200 trainees, and a class has at most 200. Split the list into several classes."},
		{"too large", strings.Repeat("x", class.MaxRosterBytes+1), "class.roster.too_large",
			"The file is larger than 256 KB. A class list is far smaller: check that this is the right file."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := class.ParseRoster([]byte(tt.in))
			var e *trainer.Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseRoster(%.40q) = %v, %v; want a *trainer.Error", tt.in, rows, err)
			}
			if e.ID != tt.id || e.Message != tt.message || e.Kind != trainer.KindInvalid {
				t.Errorf("ParseRoster(%.40q) = %s %q (%v); want %s %q (invalid)", tt.in, e.ID, e.Message, e.Kind, tt.id, tt.message)
			}
		})
	}
}

// TestParseRosterLimit: a file of exactly MaxRosterRows trainees is read.
func TestParseRosterLimit(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("name;badge\n")
	for i := range class.MaxRosterRows {
		b.WriteString("Trainee " + string(rune('A'+i%26)) + string(rune('a'+i/26)) + ";\n")
	}
	rows, err := class.ParseRoster([]byte(b.String()))
	if err != nil || len(rows) != class.MaxRosterRows {
		t.Fatalf("ParseRoster(%d rows) = %d rows, %v", class.MaxRosterRows, len(rows), err)
	}
}

// FuzzParseRoster: any bytes give rows or a refusal naming a catalogue
// message, never a panic; rows come in the order of their lines, with
// values no longer than the kiosk's limits allow plus one, in UTF-8.
func FuzzParseRoster(f *testing.F) {
	for _, s := range []string{
		"Ana Lee,A-1,2468\nBo Chen,b2,\n",
		"\uFEFFNome;Badge;PIN\r\nMario Rossi;1001;135790\r\n",
		"PIN;Бейдж;ФИО\n;77;Ирина Петрова\n",
		"name,badge\n\"Lee, Ana\",1\n\"Bo \"\"Big\"\" Chen\",2\n",
		"\"Ana\nLee\",1\n",
		"Cognome;Nome\nRossi;Mario\n",
		"name,bagde\n",
		"\xff\xfe",
		";;\n,,\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := class.ParseRoster(data)
		if err != nil {
			var e *trainer.Error
			if !errors.As(err, &e) || e.ID == "" || e.Message == "" || e.Message == e.ID {
				t.Fatalf("ParseRoster(%q): %v is not a catalogue refusal", data, err)
			}
			return
		}
		if len(rows) == 0 || len(rows) > class.MaxRosterRows {
			t.Fatalf("ParseRoster(%q) = %d rows", data, len(rows))
		}
		last := 0
		for _, r := range rows {
			if r.Line <= last {
				t.Fatalf("ParseRoster(%q): line %d after line %d", data, r.Line, last)
			}
			last = r.Line
			for _, v := range []struct {
				s   string
				max int
			}{{r.Name, trainer.MaxNameLen + 1}, {r.Badge, trainer.MaxBadgeLen + 1}, {r.PIN, trainer.MaxPINLen + 1}} {
				if !utf8.ValidString(v.s) || utf8.RuneCountInString(v.s) > v.max {
					t.Fatalf("ParseRoster(%q): value %q", data, v.s)
				}
			}
			if r.Name != trainer.NormalizeName(r.Name) && utf8.RuneCountInString(r.Name) <= trainer.MaxNameLen {
				t.Fatalf("ParseRoster(%q): name %q not normalized", data, r.Name)
			}
		}
	})
}
