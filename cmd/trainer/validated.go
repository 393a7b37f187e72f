package main

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// A kiosk validates its rules, rule books and catalogues at start-up, and
// refuses to start on a broken file (docs/load.md, "Cold start"). That takes
// most of a start's time, and gives the same answer every time for the same
// program on the same files. So a start that validated them records the
// fact, and a later start of the same program (the same Go build ID) on the
// same rules (the same digest of every file) for the same house listens at
// once and loads them in the background, the first pages waiting for them;
// anything else (a new binary, a changed file, another house, no record)
// validates before it listens, as always. The records are empty files named
// by a hash of the three, in the user's cache directory: removing them only
// makes the next start slower.

// validationStamp names what a start validates: this program, the rules of
// fsys and the house. It is "" when the program's build ID cannot be read
// (a binary that is not ELF): such a kiosk validates at every start.
func validationStamp(fsys fs.FS, house string) string {
	id := buildID()
	if id == "" {
		return ""
	}
	digest, err := rulebook.Digest(fsys)
	if err != nil {
		return "" // the full load says what is wrong
	}
	sum := sha256.Sum256([]byte(id + "\x00" + digest + "\x00" + house))
	return hex.EncodeToString(sum[:])
}

// validatedDir is where the records are kept, or "" when the user has no
// cache directory.
func validatedDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "dealer-trainer", "validated")
}

// validatedBefore reports whether a start recorded stamp.
func validatedBefore(stamp string) bool {
	dir := validatedDir()
	if stamp == "" || dir == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(dir, stamp))
	return err == nil
}

// recordValidated records that a start validated stamp. A failure only
// costs the next start its speed, so it is returned for the log alone.
func recordValidated(stamp, version, house string) error {
	dir := validatedDir()
	if stamp == "" || dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	note := fmt.Sprintf("rules %s, house %s, program %s, validated %s\n", version, house, buildID(), time.Now().UTC().Format(time.RFC3339))
	return os.WriteFile(filepath.Join(dir, stamp), []byte(note), 0o644)
}

// buildID is the Go build ID of the running program, read from its ELF
// note; it changes with any change to the code the program is built from.
// "" when it cannot be read.
func buildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	// An ELF note: name size, description size, type, then the name
	// ("Go\x00\x00") and the description (the build ID), each padded to
	// four bytes.
	nameSize := int(f.ByteOrder.Uint32(data[0:4]))
	descSize := int(f.ByteOrder.Uint32(data[4:8]))
	start := 12 + (nameSize+3)&^3
	if start+descSize > len(data) || descSize == 0 {
		return ""
	}
	return string(data[start : start+descSize])
}
