package sqlite_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
)

func TestDB_SessionKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	k1, err := db.SessionKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(k1) != 64 {
		t.Errorf("len(SessionKey) = %d; want 64", len(k1))
	}
	db.Close()
	db, err = sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	k2, err := db.SessionKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k1, k2) {
		t.Error("SessionKey changed across a restart")
	}
}
