package trainer

// AuditReport is the result of checking the whole audit log.
type AuditReport struct {
	Entries int64  // entries checked and found intact
	Head    string // the hash of the last intact entry (GenesisHash for an empty log)
	HeadSeq int64
	// KeyedFrom is the number of the first keyed entry, 0 for a log never
	// keyed: the entries before it are checked by their SHA-256 alone.
	KeyedFrom int64
	// Recorded is the head on record (the head file), when there is one;
	// Behind is how many entries the log holds past it (written after the
	// kiosk last wrote its head down: a stop between the two).
	Recorded *AuditHead
	Behind   int64
}

// AuditFilter narrows ListAudit.
type AuditFilter struct {
	SubjectPrefix string // "user:12" matches the user and each of their certifications
	Limit         int    // 0 for 100
}

// RecordsError refuses to grant or print a certificate whose records (the
// exams and certification events of the trainee in the game) disagree with
// the audit entries that recorded them: they were changed behind the kiosk's
// back (docs/hardening.md). Its kind is KindConflict; Mismatches say what
// differs.
type RecordsError struct {
	Mismatches []RecordMismatch
}

func (e *RecordsError) Error() string { return e.people().Message }

// Unwrap gives the error for people, so KindOf and MessageOf read it.
func (e *RecordsError) Unwrap() error { return e.people() }

func (e *RecordsError) people() *Error {
	about := ""
	if len(e.Mismatches) > 0 {
		about = " (" + e.Mismatches[0].About + ")"
	}
	return Errorf(KindConflict,
		"This trainee's certification records do not match the audit trail%s, so no certificate can be granted or printed from them. "+
			"Ask the kiosk's administrator to check the audit trail.", about)
}

// RecordsReport counts what VerifyRecords compared.
type RecordsReport struct {
	Exams, Events, Entries int
	// Records counts the records of issue 24 compared (records_store.go).
	Records RecordsCount
}
