package records

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Register reads the records the kiosk's pages show from the store DB, and
// keeps the programmes' approval of house House: the dealer's file for a
// regulator, each game's programme with its versions, the staff who may
// sign table tests. It decides nothing itself: what is decided is decided
// by this package's pure functions (Approved, Current, CheckTopic) or by
// the store inside its transaction.
type Register struct {
	DB    trainer.Store
	House *rulebook.House
}

// ApprovedVersion is the newest approved version of game's programme (Approved),
// the one the store judges a table test against; nil when none.
func (r *Register) ApprovedVersion(ctx context.Context, game string) (*trainer.ProgrammeVersion, error) {
	vs, err := r.DB.ListProgrammeVersions(ctx, game)
	return Approved(vs), err
}

// DealerFile is a dealer's records as `trainer records export` prints
// them, for the printable page.
type DealerFile struct {
	Dealer   *trainer.User
	Code     trainer.FileCode
	Now      time.Time
	Games    []DealerFileGame
	Measured []trainer.MeasuredTime
	Hours    []trainer.TableHours
	Tests    []trainer.TableTest // every game, oldest first
	Exams    []*trainer.Exam     // finished, every game
	Topics   []trainer.TopicCompletion
}

// DealerFileGame is one game's certification and the programme version
// the dealer's file names (DealerProgramme; nil when none).
type DealerFileGame struct {
	Game      string
	Record    trainer.CertRecord
	Programme *trainer.ProgrammeVersion
}

// DealerFile reads dealer u's file: a section per game of games, the
// verification code `trainer audit verify -file` checks, the measured
// time, the entered table hours, the table tests, the finished exams and
// the topics outside the games.
func (r *Register) DealerFile(ctx context.Context, u *trainer.User, games []string) (DealerFile, error) {
	f := DealerFile{Dealer: u, Now: r.DB.Clock()}
	var err error
	if f.Tests, err = r.DB.ListTableTests(ctx, u.ID, ""); err != nil {
		return f, err
	}
	for _, g := range games {
		gf := DealerFileGame{Game: g}
		var vs []*trainer.ProgrammeVersion
		if gf.Record, err = r.DB.FindCertRecord(ctx, u.ID, g); err == nil {
			vs, err = r.DB.ListProgrammeVersions(ctx, g)
		}
		if err != nil {
			return f, err
		}
		gf.Programme = DealerProgramme(vs, f.Tests, g)
		f.Games = append(f.Games, gf)
	}
	if f.Code, err = r.DB.DealerFileCode(ctx, u.ID); err != nil {
		return f, err
	}
	if f.Measured, err = r.DB.MeasuredTime(ctx, u.ID); err != nil {
		return f, err
	}
	if f.Hours, err = r.DB.ListTableHours(ctx, u.ID); err != nil {
		return f, err
	}
	if f.Exams, err = r.DB.ListExams(ctx, trainer.ExamFilter{UserID: u.ID, Finished: true}); err != nil {
		return f, err
	}
	f.Topics, err = r.DB.ListTopicCompletions(ctx, u.ID)
	return f, err
}

// GameProgramme is one game's programme as the house's files hold it now
// (Current) and its recorded versions, by number.
type GameProgramme struct {
	Game     string
	Current  trainer.ProgrammeBody
	Versions []*trainer.ProgrammeVersion
}

// Programmes reads each game's programme (Games) with its recorded
// versions: what the administrator's approval page shows.
func (r *Register) Programmes(ctx context.Context) ([]GameProgramme, error) {
	var out []GameProgramme
	for _, g := range Games(r.House) {
		p := GameProgramme{Game: g}
		var err error
		if p.Current, err = Current(r.House, g); err == nil {
			p.Versions, err = r.DB.ListProgrammeVersions(ctx, g)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// ErrProgrammeChanged refuses an approval of a programme whose files
// changed after the page showed it: the administrator approves what they saw.
var ErrProgrammeChanged = trainer.NewError(trainer.KindConflict, "records.programmes.changed")

// ApproveProgramme approves the house's programme of game as the page
// showed it, digest being trainer.ProgrammeDigest of what it showed:
// recorded as a version if it is new, then approved, each audited by the
// store (programme.recorded, programme.approved), as `trainer records
// programmes -approve` does. Returns KindNotFound if the house has no
// programme of game, ErrProgrammeChanged if its files changed since.
func (r *Register) ApproveProgramme(ctx context.Context, game, digest string) error {
	body, err := Current(r.House, game)
	if err != nil {
		return err
	}
	if digest != trainer.ProgrammeDigest(body) {
		return ErrProgrammeChanged
	}
	v, err := r.DB.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body})
	if err != nil {
		return err
	}
	_, err = r.DB.ApproveProgrammeVersion(ctx, v.ID)
	return err
}

// Version is version number of game's programme. Returns
// trainer.ErrProgrammeNotFound if there is none.
func (r *Register) Version(ctx context.Context, game string, number int) (*trainer.ProgrammeVersion, error) {
	vs, err := r.DB.ListProgrammeVersions(ctx, game)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.Number == number {
			return v, nil
		}
	}
	return nil, trainer.ErrProgrammeNotFound
}

// Signers are the staff an administrator may mark as signers of table
// tests at site (every site's for 0): its active managers and
// administrators, in the store's order; and the marks on record.
func (r *Register) Signers(ctx context.Context, site int64) ([]*trainer.User, []trainer.Signer, error) {
	users, err := r.DB.ListUsers(ctx, trainer.UserFilter{ActiveOnly: true, SiteID: site})
	if err != nil {
		return nil, nil, err
	}
	var staff []*trainer.User
	for _, u := range users {
		if u.Role == trainer.RoleManager || u.Role == trainer.RoleAdministrator {
			staff = append(staff, u)
		}
	}
	marks, err := r.DB.ListTableTestSigners(ctx)
	return staff, marks, err
}

// RecordTopic records a dealer's completion of a topic outside the games:
// the house's topic and a day not in the future (CheckTopic), then the
// store's checks (not one's own; audited topic.completed).
func (r *Register) RecordTopic(ctx context.Context, c *trainer.TopicCompletion) error {
	if err := CheckTopic(r.House.Records, c, r.DB.Clock()); err != nil {
		return err
	}
	return r.DB.RecordTopicCompletion(ctx, c)
}
