package sheet_test

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sheet"
)

func TestCell(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{"Ana Lee", "Ana Lee"},
		{"=SUM(A1:A9)", "'=SUM(A1:A9)"},
		{"+39 333", "'+39 333"},
		{"-7.5", "'-7.5"},
		{"@cmd", "'@cmd"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"a=b", "a=b"},
		{"7.5", "7.5"},
	}
	for _, tt := range tests {
		if got := sheet.Cell(tt.in); got != tt.want {
			t.Errorf("Cell(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestWrite(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	err := sheet.Write(&b, [][]string{{"trainee", "elapsed_s"}, {"José, \"Pepe\"", "-1"}, {"=HYPERLINK(\"x\")", "3.5"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "\uFEFFtrainee,elapsed_s\n\"José, \"\"Pepe\"\"\",'-1\n\"'=HYPERLINK(\"\"x\"\")\",3.5\n"
	if got := b.String(); got != want {
		t.Errorf("Write = %q; want %q", got, want)
	}
}
