package templates

// The view models of the rule book pages (/book) and of the citations that
// every other page shows as links into the book.

// IDs of the book's swap targets.
const (
	// BookBodyID is the book page's searchable body: the results, the
	// contents and the sections, replaced by a search.
	BookBodyID = "book-body"
	// BookDialogID is the dialog over any page in which a citation opens its
	// section, and BookDialogBodyID the part of it htmx fills.
	BookDialogID     = "book-dialog"
	BookDialogBodyID = "book-dialog-body"
)

// Citation is a link into the rule book: "§2.3 The Blind bet". URL opens the
// book at the section (without JavaScript); Fragment is the section alone,
// which htmx loads into the dialog over the page, so that the question
// under it is not lost.
type Citation struct {
	Label    string // "§2.3 The Blind bet"
	URL      string // "/book/uth#uth.blind"
	Fragment string // "/book/uth/sections/uth.blind"
	// Missing is set, on the instructors' pages only, for a citation the
	// book has no section for: Label is then the raw reference, shown as
	// such so that the content can be fixed.
	Missing bool
}

// BookListView is /book: the games whose book the house has.
type BookListView struct {
	Page
	House string // "Demo casino"
	Games []BookGame
}

// BookGame is one game's book in the list.
type BookGame struct {
	Slug, Name, URL string
	Chapters        []string // the chapters' titles
}

// BookView is one game's book, /book/{game}.
type BookView struct {
	Page
	Game     string
	Title    string // "Ultimate Texas Hold'em: the rule book of Demo casino"
	House    string
	Games    []GameTab
	Action   string // the search form's action: the book's URL
	Query    string
	Searched bool
	Hits     []BookHit
	Contents []TOCEntry
	Sections []BookSection
	// InDialog is set when the body is shown in the dialog over another
	// page: it then leaves out the search.
	InDialog bool
}

// BookHit is one section a search found.
type BookHit struct {
	Citation
	Snippet []TextPart // a few words around the first match, the match marked
}

// TextPart is a piece of text, marked or not.
type TextPart struct {
	Text string
	Mark bool
}

// TOCEntry is one line of the contents, with its subsections.
type TOCEntry struct {
	Number, Title, Href string
	Children            []TOCEntry
}

// BookSection is one section of the book as shown.
type BookSection struct {
	ID, Number, Title string
	Level             int    // 1 chapter, 2 section, 3 subsection
	HTML              string // the section's text, from the book (no raw HTML)
	Hit               bool   // found by the search
	House             bool   // written by the house itself
	// Lang is the language of the title and text when it is not the
	// page's (a section not yet translated), and Note says so in the
	// page's language.
	Lang, Note string
}

// HeadingTag is the HTML heading of a section on the book page, under the
// page's <h1>: a chapter is <h2>.
func (s BookSection) HeadingTag() string {
	switch s.Level {
	case 1:
		return "h2"
	case 2:
		return "h3"
	}
	return "h4"
}

// BookSectionView is one section (with its subsections) on its own: in the
// dialog over a page, or as a page without JavaScript.
type BookSectionView struct {
	Page
	Game     string
	Title    string // the book's title
	BookURL  string // the whole book at this section
	Sections []BookSection
}
