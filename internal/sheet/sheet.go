package sheet

import (
	"encoding/csv"
	"io"
	"strings"
)

// BOM is the byte-order mark that tells spreadsheets the file is UTF-8.
const BOM = "\uFEFF"

// Cell guards a cell against spreadsheet formula injection: a cell that
// starts with = + - @ (or a tab or carriage return, which some spreadsheets
// skip before reading one) is prefixed with an apostrophe, which they show
// as text. A negative amount is therefore written '-7.5.
func Cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Write writes BOM and then rows as CSV to w, every cell through Cell. The
// rows are changed in place.
func Write(w io.Writer, rows [][]string) error {
	if _, err := io.WriteString(w, BOM); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	for _, row := range rows {
		for i := range row {
			row[i] = Cell(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
