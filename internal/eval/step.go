package eval

import "time"

// Step is what a trainee's certification in one game waits for, as the
// managers' dashboard lists it: the state of docs/certification.md, made
// specific where somebody has something to do (a table test to record, a
// failed exam to sit again). The same word appears in the dashboard's
// filter (?state=) and in the certifications CSV.
type Step string

// The steps, in the order the dashboard offers them: those that ask for
// something first.
const (
	// StepTableTest: a passed exam waits for its table test (also a
	// recertification exam passed while the certificate is still valid).
	StepTableTest Step = "table_test"
	// StepExamFailed: the cycle's last sitting failed. The next sitting
	// opens at RetakeFrom, or, with no sitting left, when a manager
	// allows another.
	StepExamFailed Step = "exam_failed"
	// StepDue: a valid certificate in its last days; the recertification
	// exam is open.
	StepDue     Step = "due"
	StepExpired Step = "expired"
	StepRevoked Step = "revoked"
	// StepInTraining: no exam passed in this cycle and none failed last.
	StepInTraining Step = "in_training"
	StepCertified  Step = "certified"
)

// Steps lists the steps in the order the dashboard offers them.
var Steps = []Step{StepTableTest, StepExamFailed, StepDue, StepExpired, StepRevoked, StepInTraining, StepCertified}

// Label names the step for people.
func (s Step) Label() string {
	switch s {
	case StepTableTest:
		return "Waiting for the table test"
	case StepExamFailed:
		return "Exam failed"
	case StepDue:
		return "Due"
	case StepExpired:
		return "Expired"
	case StepRevoked:
		return "Revoked"
	case StepInTraining:
		return "In training"
	case StepCertified:
		return "Certified"
	}
	return string(s)
}

// Step is what the certification st waits for. A passed exam waiting for
// its table test comes first, whatever the certificate (a manager has to
// act); then a certificate in force (due before certified); then a failed
// last sitting, even after an expiry or a revocation (the trainee is
// already sitting again); then the state.
func (st CertStatus) Step() Step {
	switch {
	case st.PendingExam != nil:
		return StepTableTest
	case st.State == StateDue:
		return StepDue
	case st.State == StateCertified:
		return StepCertified
	case st.LastFailed != nil:
		return StepExamFailed
	case st.State == StateExpired:
		return StepExpired
	case st.State == StateRevoked:
		return StepRevoked
	}
	return StepInTraining
}

// StepDate is the date that goes with st's step: the passed exam waiting
// for its table test; the next sitting after a failed one (the failure
// itself when no sitting is left); the expiry of a certificate due,
// certified or expired; the revocation; the start of the training (zero
// when nothing has happened yet).
func (st CertStatus) StepDate() time.Time {
	switch st.Step() {
	case StepTableTest:
		return st.PendingExam.At
	case StepExamFailed:
		if st.NeedsAllowance {
			return st.LastFailed.At
		}
		return st.RetakeFrom
	case StepDue, StepCertified, StepExpired:
		return st.Expires
	case StepRevoked:
		return st.Revocation.At
	}
	return st.Since
}
