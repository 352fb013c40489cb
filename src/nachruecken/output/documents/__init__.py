"""output.documents"""
