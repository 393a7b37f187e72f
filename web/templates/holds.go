package templates

import "strconv"

// heldOn says on how many devices an account is held.
func heldOn(n int) string {
	if n == 1 {
		return "Held on 1 device"
	}
	return "Held on " + strconv.Itoa(n) + " devices"
}

// holdWhat says what hold h stops, with the account's name when withName.
func holdWhat(h HoldRow, withName bool) string {
	switch {
	case h.Name == "":
		return "Every account on device " + h.Device
	case h.Device == "" && withName:
		return h.Name + " on every device"
	case h.Device == "":
		return "Locked on every device"
	case withName:
		return h.Name + " on device " + h.Device
	}
	return "Held on device " + h.Device
}
