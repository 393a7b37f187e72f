package templates

import (
	"strconv"

	"github.com/dealerkiosk/trainer/web/say"
)

// The records a gaming regulator inspects (issue 24): the table test with
// its checklist and the floor's list of who may deal what today.

// TableTestSheetView is the table test of one dealer in one game with the
// game programme's checklist, a result per item, the typed signature and
// the date (the kiosk's clock when it is recorded).
type TableTestSheetView struct {
	Page    Page
	BackURL string
	Action  string // "" when nothing can be recorded now (Blocked says why)
	Dealer  string
	Badge   string
	Game    string // the game's name
	// Sitting says what this table test is: the sitting after a passed
	// exam, or a re-test of a dealer authorised to deal.
	Sitting   string
	Programme string // the programme version whose checklist is judged
	Signers   string // the house's word for who may sign
	Date      string // today, in the reader's words
	Signer    string // the signed-in staff member's full name
	// LastFailed names the items the last table test failed, which this
	// sitting looks at again.
	LastFailed []string
	Items      []SheetItem
	Again      bool // to be taken again (the sitting was interrupted)
	Notes      string
	Signature  string
	Errors     Errors // by field: "checklist", "notes", "signature", "" (the form)
	Blocked    string // why nothing can be recorded now; no form is shown
}

// SheetItem is one item of the checklist as the form shows it.
type SheetItem struct {
	ID, Name   string
	Result     string // "pass", "fail" or "" (not judged yet)
	FailedLast bool   // the last table test failed it
}

// TableTestSheetID is the sheet form's id, which htmx swaps.
const TableTestSheetID = "table-test-sheet"

// TableTestSheetURL is the table test with its checklist of dealer id in game.
func TableTestSheetURL(id int64, game string) string { return FileGameURL(id, game) + "/checklist" }

// FloorView is the floor's list: every active dealer of the site
// authorised to deal a game today, printable on one A4 page.
type FloorView struct {
	PrintView
	House  string
	Lead   string // the site and the day, and who is listed
	CSVURL string
	Rows   []FloorRow
}

// FloorRow is one dealer authorised to deal one game.
type FloorRow struct {
	Name, Badge, Game, Since, Until, Signer string
}

// FloorURL is the floor's list of the signed-in staff member's site.
const FloorURL = "/manager/floor"

// DealerFileView is the dealer's file as a regulator reads it (issue 24):
// identity and verification code, a section per game, then the topics
// outside the games; every line already said in the sheet's language.
type DealerFileView struct {
	PrintView
	House, Title string
	Identity     []string // badge, account, printed with the code, how to verify
	Games        []DealerFileGame
	TopicsTitle  string
	Topics       []string
}

// DealerFileGame is one game of the dealer's file.
type DealerFileGame struct {
	Game, Name string
	Warn       string   // the freshness warning, or ""
	Facts      []string // authorisation, programme, completion, hours
	Exams      []string
	Tests      []DealerFileTest
	Hours      []DealerFileTest // entered table hours, a line and the note
}

// DealerFileTest is one table test of the file: its line, its checklist's
// items with their result, and its notes.
type DealerFileTest struct {
	Line   string
	Items  []string
	Notes  string
	Struck string // entered hours struck out: by whom, when and why
}

// DealerFileURL is the printable file of dealer id.
func DealerFileURL(id int64) string { return TraineeFileURL(id) + "/records" }

// SignersView is the administrator's page of who may sign table tests: each
// active manager and administrator of the site, marked or not.
type SignersView struct {
	Page    Page
	Signers string // the house's word for them
	Notice  say.Message
	Rows    []SignerRow
}

// SignerRow is one staff member and their mark.
type SignerRow struct {
	ID     string
	Name   string
	Role   string
	Marked string // since when and by whom; "" when not marked
	Action string
}

// SignersURL is the administrator's page of the signers' marks.
const SignersURL = "/admin/signers"

// ProgrammesView is the administrator's page of the training programmes:
// per game the approved version and what waits for approval.
type ProgrammesView struct {
	Page
	Notice say.Message
	Games  []ProgrammeRow
}

// ProgrammeRow is one game's programme on the approval page.
type ProgrammeRow struct {
	Game, Name string
	Approved   string   // the approved version, when and by whom; or none yet
	ExportURL  string   // the approved version's document for a regulator; "" with none
	Content    []string // the house's programme now, a line each
	// Changes say what approving changes from the approved version; with
	// Action and Digest empty the house's programme is the approved one.
	Changes        []string
	Action, Digest string
}

// ProgrammesURL is the administrator's page of the training programmes.
const ProgrammesURL = "/admin/programmes"

// ProgrammeApproveURL approves the house's programme of game.
func ProgrammeApproveURL(game string) string { return ProgrammesURL + "/" + game + "/approve" }

// ProgrammeExportURL is version number of game's programme as a document
// for a regulator, printable on A4.
func ProgrammeExportURL(game string, number int) string {
	return "/manager/programmes/" + game + "/versions/" + strconv.Itoa(number)
}

// ProgrammeDocView is a version of a game's programme as a document for a
// regulator, on A4 in the sheet's language.
type ProgrammeDocView struct {
	PrintView
	House, Title  string
	Facts         []string // approval, recording, the minimum of hours
	Topics        []ProgrammeDocTopic
	TotalHours    string
	Drills        []string
	Standard      []string // the exam's questions and marks, a line per kind
	ChecklistLead string
	Checklist     []string
}

// ProgrammeDocTopic is one topic of the programme and its hours.
type ProgrammeDocTopic struct{ Name, Hours string }
