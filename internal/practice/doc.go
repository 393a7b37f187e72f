// Package practice holds the kiosk's session flow that is not HTTP and not
// SQL: which scenario to serve next (a fresh drill of a kind, or of a skill the
// review schedule says is due), how a trainee's form becomes an answer in the
// shape of the drill's key, the hint a trainee may ask for, and the seam to
// package eval that grades answers, grades speed and measures mastery.
//
// Its decisions are pure: no database, no clock (times are passed in). Flow
// runs them over a trainer.Store, and reads what the pages show of a
// trainee's practice (Practice, SessionModes, InExam) and of the class at a
// glance (ReadGlance), and a trainee's exam, where it stands and its
// review (exam_read.go); the server renders it (web/view, web/templates). The
// certification exams of issue 8 reuse the same flow with ModeExam.
//
// It does not generate drills or compute keys (package drills does), settle
// rounds (the game packages do), or keep the trainee's history.
package practice
