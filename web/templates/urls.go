package templates

import (
	"fmt"
	"net/url"
)

// The addresses of the kiosk's pages that carry an id, built in one place
// for the handlers that redirect to them and the views that link to them.
// The routes themselves are internal/server's routes.go.

// PracticeURL is a practice session's page.
func PracticeURL(id int64) string { return fmt.Sprintf("/practice/%d", id) }

// AttemptURL is a past question's page.
func AttemptURL(id int64) string { return fmt.Sprintf("/attempts/%d", id) }

// ExamURL is an exam's page.
func ExamURL(id int64) string { return fmt.Sprintf("/exams/%d", id) }

// ExamAnswerURL is where the answer to an exam's item at position posts.
func ExamAnswerURL(id int64, position int) string {
	return fmt.Sprintf("/exams/%d/items/%d/answer", id, position)
}

// BookURL is a game's rule book.
func BookURL(game string) string { return "/book/" + game }

// BookSectionURL is one section of a game's rule book, alone.
func BookSectionURL(game, id string) string {
	return "/book/" + game + "/sections/" + url.PathEscape(id)
}

// TraineeFileURL is a trainee's file for the managers.
func TraineeFileURL(id int64) string { return fmt.Sprintf("/manager/trainees/%d", id) }

// FileGameURL is the base of one game's routes in a trainee's file.
func FileGameURL(userID int64, game string) string {
	return fmt.Sprintf("/manager/trainees/%d/games/%s", userID, game)
}

// ManagerExamURL is a finished exam as the managers see it.
func ManagerExamURL(id int64) string { return fmt.Sprintf("/manager/exams/%d", id) }

// RulesURL is a rules version's page.
func RulesURL(version string) string { return "/manager/rules/" + version }

// UserURL is a user's page for the administrator.
func UserURL(id int64) string { return fmt.Sprintf("/admin/users/%d", id) }

// PINURL is a trainee's keypad.
func PINURL(id int64) string { return fmt.Sprintf("/signin/trainees/%d", id) }

// StartURL is the page that starts a session of game.
func StartURL(game string) string { return "/practice/new?game=" + url.QueryEscape(game) }

// NavExamID is the id of the header's "Exam under way" link, which the exam's
// result replaces out of band (ExamPanelFragment).
const NavExamID = "nav-exam"
