package class

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Directory is what PlanImport asks of the kiosk's users. Index implements
// it over a list of users (the store's ListUsers, every role and state);
// a store may answer from its tables instead.
type Directory interface {
	// ByName returns the user of name, compared without regard to case
	// (as the stores compare names), or nil.
	ByName(name string) *trainer.User
	// ByBadge returns the user with badge (normalized), or nil.
	ByBadge(badge string) *trainer.User
	// LookAlike returns a user whose name can be taken for name on a
	// screen (trainer.LooksAlike) without being the same name, or nil.
	LookAlike(name string) *trainer.User
}

// Index is a Directory over a list of users.
type Index struct {
	users   []*trainer.User
	keys    []string // nameKey of each user
	byName  map[string]*trainer.User
	byBadge map[string]*trainer.User
	// byLook holds the users' positions by each of their
	// trainer.LookalikeKeys, so that a name is checked against every user
	// in two look-ups.
	byLook [2]map[string][]int
}

// IndexUsers returns a Directory of users: every user the kiosk has,
// whatever their role or state, since a new name must not look like any of
// them.
func IndexUsers(users []*trainer.User) *Index {
	x := &Index{users: users, byName: map[string]*trainer.User{}, byBadge: map[string]*trainer.User{},
		byLook: [2]map[string][]int{{}, {}}}
	for i, u := range users {
		k := nameKey(u.Name)
		x.keys = append(x.keys, k)
		x.byName[k] = u
		if u.Badge != "" {
			x.byBadge[u.Badge] = u
		}
		for j, lk := range trainer.LookalikeKeys(u.Name) {
			x.byLook[j][lk] = append(x.byLook[j][lk], i)
		}
	}
	return x
}

// nameKey is a name as the stores compare it: normalized, without regard
// to case.
func nameKey(name string) string { return folded(trainer.NormalizeName(name)) }

// ByName implements Directory.
func (x *Index) ByName(name string) *trainer.User { return x.byName[nameKey(name)] }

// ByBadge implements Directory.
func (x *Index) ByBadge(badge string) *trainer.User {
	if badge == "" {
		return nil
	}
	return x.byBadge[trainer.NormalizeBadge(badge)]
}

// LookAlike implements Directory with trainer's rule (trainer.LooksAlike,
// by its keys): the first such user in the order given to IndexUsers.
func (x *Index) LookAlike(name string) *trainer.User {
	k := nameKey(name)
	first := -1
	for j, lk := range trainer.LookalikeKeys(name) {
		for _, i := range x.byLook[j][lk] {
			if x.keys[i] != k && (first < 0 || i < first) {
				first = i
				break
			}
		}
	}
	if first < 0 {
		return nil
	}
	return x.users[first]
}

// Fate is what an import does with one row of a roster.
type Fate int

const (
	// FateRefused: nothing; Entry.Refusal says why.
	FateRefused Fate = iota
	// FateAdd: a new trainee is created with Entry.IssuedPIN and joins the class.
	FateAdd
	// FateJoin: the existing trainee Entry.User joins the class.
	FateJoin
	// FateMember: Entry.User is in the class already; nothing changes.
	FateMember
)

// String names the fate for logs and tests; pages say it with the
// catalogue's class.fate.<name>.
func (f Fate) String() string {
	switch f {
	case FateAdd:
		return "add"
	case FateJoin:
		return "join"
	case FateMember:
		return "member"
	}
	return "refused"
}

// Entry is one row of a roster with its fate.
type Entry struct {
	Row
	Fate Fate
	// User is the existing trainee of a join or a member, nil otherwise.
	User *trainer.User
	// IssuedPIN is the PIN a new trainee gets (FateAdd): the file's
	// (Row.PIN), or one the kiosk made (PINMade), to be printed on the
	// trainee's slip.
	IssuedPIN string
	PINMade   bool
	// PINUnused is set when the file gives a PIN for a trainee who has one
	// already (FateJoin, FateMember): an import never changes a PIN.
	PINUnused bool
	// Refusal says why the row is refused (FateRefused): a catalogue
	// message with its arguments.
	Refusal *trainer.Error
}

// Plan is an import decided row by row, before anything is stored: the
// preview shows it, and the store commits every added and joining row in
// one transaction, or none.
type Plan struct {
	Entries []Entry
}

// Count returns how many rows have fate f.
func (p *Plan) Count(f Fate) int {
	n := 0
	for _, e := range p.Entries {
		if e.Fate == f {
			n++
		}
	}
	return n
}

// Slips are the new trainees whose PIN the kiosk made, in the file's
// order: the cut-out slips to print (name, badge, PIN).
func (p *Plan) Slips() []Entry {
	var out []Entry
	for _, e := range p.Entries {
		if e.Fate == FateAdd && e.PINMade {
			out = append(out, e)
		}
	}
	return out
}

// PlanImport decides the fate of each row of a roster for a class whose
// members are the trainees of IDs members, against the kiosk's users:
//
//   - a row whose name is a user's (without regard to case) is that user:
//     a trainee joins the class (or is in it already), with the badge the
//     file gives matching theirs; a staff account, a deactivated trainee or
//     another badge is refused;
//   - any other row is a new trainee, refused if the name is unreadable
//     (trainer.ValidateName), looks like a user's name, or the badge or
//     PIN breaks trainer's rules or the badge is another user's; a new
//     trainee without a PIN gets one from NewPIN(random);
//   - a name or a badge that an earlier row of the file has already, or a
//     name that looks like an earlier row's, is refused whatever became of
//     that row, naming its line: the file names someone twice, and only
//     the person who wrote it knows which line is right.
//
// Returns an error only when random fails.
func PlanImport(rows []Row, users Directory, members []int64, random io.Reader) (*Plan, error) {
	p := &Plan{Entries: make([]Entry, 0, len(rows))}
	keys := make([]rowKeys, len(rows))
	for i, r := range rows {
		keys[i] = rowKeys{name: nameKey(r.Name), looks: trainer.LookalikeKeys(r.Name)}
	}
	for i, r := range rows {
		e := Entry{Row: r}
		e.Refusal = againstFile(i, rows, keys)
		if e.Refusal == nil {
			e.Refusal = decide(&e, users, members)
		}
		if e.Refusal != nil {
			e.Fate, e.User, e.IssuedPIN, e.PINMade, e.PINUnused = FateRefused, nil, "", false, false
		} else if e.Fate == FateAdd && e.IssuedPIN == "" {
			pin, err := NewPIN(random)
			if err != nil {
				return nil, err
			}
			e.IssuedPIN, e.PINMade = pin, true
		}
		p.Entries = append(p.Entries, e)
	}
	return p, nil
}

// rowKeys are a row's name as the stores compare it (nameKey) and its
// trainer.LookalikeKeys, made once per row.
type rowKeys struct {
	name  string
	looks [2]string
}

// againstFile refuses rows[i] when an earlier row has its name or badge,
// or a name that looks like it (trainer.LooksAlike, by the rows' keys).
func againstFile(i int, rows []Row, keys []rowKeys) *trainer.Error {
	r, earlier := rows[i], rows[:i]
	if r.Name == "" {
		return nil // refused as empty by decide
	}
	for j, o := range earlier {
		if keys[j].name == keys[i].name {
			return refusal(trainer.KindConflict, "class.import.same_name", "Line", o.Line)
		}
	}
	if r.Badge != "" {
		for _, o := range earlier {
			if o.Badge == r.Badge {
				return refusal(trainer.KindConflict, "class.import.same_badge", "Line", o.Line)
			}
		}
	}
	for j, o := range earlier {
		if o.Name != "" && (keys[j].looks[0] == keys[i].looks[0] || keys[j].looks[1] == keys[i].looks[1]) {
			return refusal(trainer.KindConflict, "class.import.looks_like_row", "Name", o.Name, "Line", o.Line)
		}
	}
	return nil
}

// decide sets e's fate against the kiosk's users, or returns its refusal.
func decide(e *Entry, users Directory, members []int64) *trainer.Error {
	if err := asError(trainer.ValidateName(e.Name)); err != nil {
		return err
	}
	if err := asError(trainer.ValidateBadge(e.Badge)); err != nil {
		return err
	}
	if u := users.ByName(e.Name); u != nil {
		switch {
		case u.Role != trainer.RoleTrainee:
			return refusal(trainer.KindConflict, "class.import.staff")
		case !u.Active:
			return refusal(trainer.KindConflict, "class.import.inactive")
		case e.Badge != "" && u.Badge == "":
			return refusal(trainer.KindConflict, "class.import.no_badge")
		case e.Badge != "" && u.Badge != e.Badge:
			return refusal(trainer.KindConflict, "class.import.other_badge", "Badge", u.Badge)
		}
		e.User, e.PINUnused, e.Fate = u, e.PIN != "", FateJoin
		if slices.Contains(members, u.ID) {
			e.Fate = FateMember
		}
		return nil
	}
	if u := users.ByBadge(e.Badge); u != nil {
		return refusal(trainer.KindConflict, "class.import.badge_other_user", "Badge", e.Badge, "Name", u.Name)
	}
	if u := users.LookAlike(e.Name); u != nil {
		return refusal(trainer.KindConflict, "class.import.looks_like_user", "Name", u.Name)
	}
	if e.PIN != "" {
		if err := asError(trainer.ValidatePIN(e.PIN)); err != nil {
			return err
		}
	}
	e.Fate, e.IssuedPIN = FateAdd, e.PIN
	return nil
}

// asError is trainer's validation error as the *trainer.Error it is.
func asError(err error) *trainer.Error {
	var e *trainer.Error
	if err == nil || errors.As(err, &e) {
		return e
	}
	return &trainer.Error{Kind: trainer.KindInvalid, Message: err.Error()}
}

// Digest sums up what the plan decides for class classID (each row's
// line, fate, user and values, never a PIN), so that the commit of an
// import can tell the plan previewed from another.
func (p *Plan) Digest(classID int64) string {
	h := sha256.New()
	fmt.Fprintf(h, "class %d\n", classID)
	for _, e := range p.Entries {
		var user int64
		if e.User != nil {
			user = e.User.ID
		}
		fmt.Fprintf(h, "%d\x00%d\x00%d\x00%q\x00%q\x00%t\x00%t\n", e.Line, e.Fate, user, e.Name, e.Badge, e.PINMade, e.PINUnused)
	}
	return hex.EncodeToString(h.Sum(nil))
}
