package sqlite

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
	sqlite3 "modernc.org/sqlite/lib"
)

// TestTroubleOfCode: SQLite's result codes, extended ones included, say in
// words why the kiosk cannot use its file. A full disk shows as SQLITE_FULL
// or, when the shared-memory file beside the database cannot grow, as
// SQLITE_IOERR_SHMSIZE (4874), which an operator read as "disk I/O error
// (4874)" and could not act on.
func TestTroubleOfCode(t *testing.T) {
	for _, tt := range []struct {
		code int
		want trainer.Trouble
	}{
		{sqlite3.SQLITE_FULL, trainer.TroubleFull},
		{4874, trainer.TroubleDisk}, // SQLITE_IOERR_SHMSIZE
		{sqlite3.SQLITE_IOERR_WRITE, trainer.TroubleDisk},
		{sqlite3.SQLITE_READONLY, trainer.TroubleReadOnly},
		{sqlite3.SQLITE_CANTOPEN, trainer.TroubleReadOnly},
		{sqlite3.SQLITE_BUSY, trainer.TroubleBusy},
		{sqlite3.SQLITE_NOTADB, trainer.TroubleDamaged},
		{sqlite3.SQLITE_CONSTRAINT_UNIQUE, trainer.TroubleUnknown},
	} {
		if got := troubleOfCode(tt.code); got != tt.want {
			t.Errorf("troubleOfCode(%d) = %q; want %q", tt.code, got, tt.want)
		}
		if w := codeWords[tt.code&0xff]; (w == "") != (tt.want == trainer.TroubleUnknown) {
			t.Errorf("codeWords for %d = %q", tt.code, w)
		}
	}
}
