package templates

import "context"

// holdWhat says what hold h stops, with the account's name when withName,
// in the request's language.
func holdWhat(ctx context.Context, h HoldRow, withName bool) string {
	switch {
	case h.Name == "":
		return T(ctx, "admin.hold_device", "Device", h.Device)
	case h.Device == "" && withName:
		return T(ctx, "admin.hold_name_everywhere", "Name", h.Name)
	case h.Device == "":
		return T(ctx, "admin.hold_everywhere")
	case withName:
		return T(ctx, "admin.hold_name_device", "Name", h.Name, "Device", h.Device)
	}
	return T(ctx, "admin.hold_on_device", "Device", h.Device)
}
