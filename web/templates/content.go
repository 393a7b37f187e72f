package templates

// ContentURL is the instructors' content page (issue 6).
const ContentURL = "/tools/content"
