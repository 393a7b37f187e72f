package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Roles allowed on the protected groups of routes. Administrators may open
// the managers' pages: at a small school the administrator is often also the
// instructor. A group director sees every site's managers' pages.
var (
	trainees = []trainer.Role{trainer.RoleTrainee}
	managers = []trainer.Role{trainer.RoleManager, trainer.RoleAdministrator, trainer.RoleDirector}
	admins   = []trainer.Role{trainer.RoleAdministrator}
	everyone = []trainer.Role{trainer.RoleTrainee, trainer.RoleManager, trainer.RoleAdministrator, trainer.RoleDirector}
)

// routes is the kiosk's only route table.
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, middleware.Recoverer, securityHeaders, s.crossOrigin())
	// A page the router does not know speaks the visitor's language too:
	// the session and the language are read for it as for any page.
	r.NotFound(s.loadSession(s.localize(http.HandlerFunc(s.handleNotFound))).ServeHTTP)
	r.MethodNotAllowed(s.loadSession(s.localize(http.HandlerFunc(s.handleMethodNotAllowed))).ServeHTTP)

	// No session: these neither read nor touch one.
	r.Get("/healthz", s.health.ServeHTTP)
	r.Head("/healthz", s.health.ServeHTTP)
	r.Get("/static/*", s.handleStatic)
	r.Get(logoURL, s.handleLogo) // the house's logo, in every page's header

	r.Group(func(r chi.Router) {
		r.Use(s.loadSession, s.localize)

		r.Get("/", s.handleRoot)                           // to setup, sign-in or the role's home
		r.Get("/setup", s.handleSetupShow)                 // only while there are no users
		r.Post("/setup", s.handleSetupCreate)              // creates the first administrator
		r.Get("/signin", s.handleSigninShow)               // the trainees' name grid
		r.Post("/signin/badge", s.handleBadgeFind)         // badge number → that trainee's keypad
		r.Post("/signin/language", s.handleSigninLanguage) // the sign-in pages' language on this tablet
		r.Get("/signin/trainees/{id}", s.handlePINShow)
		r.Post("/signin/trainees/{id}", s.handlePINSignin)
		r.Get("/signin/staff", s.handleStaffShow)
		r.Post("/signin/staff", s.handleStaffSignin)
		r.Post("/signout", s.handleSignout)

		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(trainees...))
			r.Get("/trainee", s.handleTraineeHome)
		})
		// Practice, progress and history (issue 7, kiosk*.go and progress.go):
		// a trainee's own sessions and attempts only.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(trainees...))
			r.Get("/practice/new", s.handlePracticeNew)         // ?game=: choose kind, mode, level
			r.Post("/practice", s.handlePracticeStart)          // starts a session, serves its first scenario
			r.Get("/practice/{id}", s.handlePracticeShow)       // where the session stands (resumes it)
			r.Post("/practice/{id}/next", s.handlePracticeNext) // serves the next scenario
			r.Post("/practice/{id}/end", s.handlePracticeEnd)
			r.Get("/attempts/{id}", s.handleAttemptShow)           // a past scenario as it was shown
			r.Post("/attempts/{id}/answer", s.handleAttemptAnswer) // graded on the server, once
			r.Post("/attempts/{id}/hint", s.handleAttemptHint)     // practice and review only; recorded
			r.Get("/progress", s.handleProgress)
			r.Get("/history", s.handleHistory)
		})
		// Certification exams (issue 8, exam.go): the trainee's own only.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(trainees...))
			r.Get("/exams/new", s.handleExamNew)                       // ?game=: what the exam holds; may it start
			r.Post("/exams", s.handleExamStart)                        // fixes the items, serves the first
			r.Get("/exams/{id}", s.handleExamShow)                     // the waiting question, or the result (resumes)
			r.Post("/exams/{id}/items/{n}/answer", s.handleExamAnswer) // once per item; serves the next or judges
		})
		// The managers' certification pages (issue 8): dashboard, trainee
		// files and sign-off, rules versions, exports and printable pages.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(managers...))
			r.Get("/manager", s.handleManagerHome) // ?game=&state=
			r.Get("/manager/certifications.csv", s.handleCertificationsCSV)
			r.Get("/manager/programme", s.handleProgramme)
			r.Get("/manager/trainees/{id}", s.handleTraineeFile)
			r.Get("/manager/trainees/{id}/attempts.csv", s.handleAttemptsCSV)
			r.Post("/manager/trainees/{id}/games/{game}/table-test", s.handleTableTestRecord) // pass grants the certification
			r.Post("/manager/trainees/{id}/games/{game}/revoke", s.handleCertRevoke)
			r.Post("/manager/trainees/{id}/games/{game}/allow", s.handleRetakeAllow)              // another sitting
			r.Post("/manager/trainees/{id}/games/{game}/site-table-test", s.handleSiteTableTest)  // ?site=: a pass at another site of the group
			r.Get("/manager/trainees/{id}/games/{game}/checklist", s.handleTableTestSheet)        // the table test with its checklist (records.go)
			r.Post("/manager/trainees/{id}/games/{game}/checklist", s.handleTableTestSheetRecord) // signed by a marked signer
			r.Get("/manager/trainees/{id}/records", s.handleDealerFile)                           // the dealer's file for a regulator, on A4
			r.Post("/manager/trainees/{id}/hours", s.handleHoursEnter)                            // table hours entered, audited
			r.Post("/manager/trainees/{id}/hours/{hours}/strike", s.handleHoursStrike)            // struck out with a reason, audited
			r.Post("/manager/trainees/{id}/topics", s.handleTopicRecord)                          // a topic outside the games completed, audited
			r.Get("/manager/floor", s.handleFloor)                                                // who may deal what today, on one A4 page
			r.Get("/manager/floor.csv", s.handleFloorCSV)
			r.Get("/manager/programmes/{game}/versions/{n}", s.handleProgrammeDoc) // a programme version for a regulator, on A4
			r.Get("/manager/trainees/{id}/games/{game}/transcript", s.handleTranscript)
			r.Get("/manager/trainees/{id}/games/{game}/certificate", s.handleCertificate)
			r.Get("/manager/exams/{id}", s.handleManagerExam)
			r.Get("/manager/rules", s.handleRulesList)
			r.Get("/manager/rules/{version}", s.handleRulesShow)
			r.Post("/manager/rules/{version}/approve", s.handleRulesApprove)
		})
		// Hand checker: the floor settles a disputed round with the engine of
		// `trainer settle` (managers and administrators).
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(managers...))
			r.Get("/tools/hand-checker", s.handleHandCheckerShow)
			r.Post("/tools/hand-checker", s.handleHandCheckerPost)
		})
		// Pay-table review (issue 5): what each pay table returns, exact or
		// simulated in the background (paytable*.go); every figure is a GET.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(managers...))
			r.Get("/tools/paytables", s.handlePayTablesShow)                 // ?game=; &wager= polls one wager's count
			r.Get("/tools/paytables/simulation", s.handlePayTableSimulation) // runs or shows one table's simulation
			r.Get("/tools/paytables/whatif", s.handlePayTableWhatIf)         // one row at new odds, beside the table
		})
		// Instructors' content (issue 6): every ruling with its source and a
		// sample drill of each kind with its key (content*.go). Never for
		// trainees: it shows the keys.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(managers...))
			r.Get("/tools/content", s.handleContentShow)          // ?game=&level=&seed_<kind>=
			r.Get("/tools/content/sample", s.handleContentSample) // one kind's sample from ?seed= ("another sample")
		})
		// A tap that reached no server (the amount keypad, the chips, "I'm
		// still here"): the session is still in use (kiosk_alive.go).
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(everyone...))
			r.Post(keepAliveURL, s.handleKeepAlive)
			r.Get("/language", s.handleLanguageShow) // the user's own language (issue 18, language.go)
			r.Post("/language", s.handleLanguageUpdate)
		})
		// The house's rule books (issue 14, book.go): every signed-in role
		// reads them; a trainee's open exam closes them.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(everyone...))
			r.Get("/book", s.handleBookList)
			r.Get("/book/{game}", s.handleBookShow)                       // ?q= searches; htmx gets the body
			r.Get("/book/{game}/sections/{section}", s.handleBookSection) // one section, for the dialog over a page
		})
		// Classes and their live drills (issue 23, class*.go).
		s.classRoutes(r)
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(admins...))
			r.Get("/admin/users", s.handleUserList)
			r.Get("/admin/users/new", s.handleUserNew) // ?role=trainee|manager|administrator
			r.Post("/admin/users", s.handleUserCreate)
			r.Get("/admin/users/{id}", s.handleUserShow)
			r.Post("/admin/users/{id}/profile", s.handleUserProfileUpdate) // corrects the name and badge
			r.Post("/admin/users/{id}/secret", s.handleUserSecretReset)
			r.Post("/admin/users/{id}/deactivate", s.handleUserDeactivate)
			r.Post("/admin/users/{id}/reactivate", s.handleUserReactivate)
			r.Post("/admin/users/{id}/language", s.handleUserLanguage)
			r.Post("/admin/users/{id}/unlock", s.handleUserUnlock)               // lifts every hold of the account (lockout.go)
			r.Post("/admin/holds/{id}/lift", s.handleHoldLift)                   // lifts one sign-in hold shown under Users
			r.Get("/admin/signers", s.handleSignersShow)                         // who may sign table tests (records.go)
			r.Post("/admin/signers/{id}", s.handleSignerUpdate)                  // allowed=yes|no, audited
			r.Get("/admin/programmes", s.handleProgrammesShow)                   // each game's programme: approved, and what approving changes
			r.Post("/admin/programmes/{game}/approve", s.handleProgrammeApprove) // digest= as shown; recorded and approved, audited
			r.Get("/admin/settings", s.handleSettingsShow)
			r.Post("/admin/settings", s.handleSettingsUpdate)
		})
	})
	return r
}
