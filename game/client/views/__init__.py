"""The parts of the table scene, each drawing one area and answering "what is under the mouse"."""
